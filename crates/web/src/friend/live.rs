//! The games in play: each loaded game in memory behind its own lock, with the channel its
//! watchers listen on. The store is the truth: a game not in memory is loaded from it, and a
//! game nobody watches is dropped from memory after a while.

use crate::config::FriendConfig;
use crate::error::ApiError;
use crate::friend::clock::{Clocks, TimeControl};
use crate::friend::store::{Entry, Progress, Store, StoreError, StoredGame};
use crate::friend::{now_ms, random_hex, same_token, seat_named, SqliteStore};
use crate::requests::GameRequest;
use axum::extract::ws::Utf8Bytes;
use axum::http::StatusCode;
use boardgames_core::Player;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// A game's id: 64 random bits in hex.
const ID_BYTES: usize = 8;
/// A seat's token: 128 random bits in hex.
const TOKEN_BYTES: usize = 16;
/// The most actions a game may have (its moves, offers and answers); past it only a
/// resignation is taken.
pub const MAX_ACTIONS: usize = 1_500;
/// How long a game nobody watches stays in memory after its last use, in milliseconds.
const IN_MEMORY_MS: i64 = 60_000;

/// The friend games: the store, the games in memory, the limits.
#[derive(Clone, Debug)]
pub struct Friends {
    inner: Arc<Inner>,
}

/// What the handles share.
#[derive(Debug)]
pub(crate) struct Inner {
    store: Arc<dyn Store>,
    games: Mutex<HashMap<String, Arc<Live>>>,
    config: FriendConfig,
}

/// A game in memory.
#[derive(Debug)]
pub struct Live {
    current: tokio::sync::Mutex<Current>,
    updates: broadcast::Sender<Utf8Bytes>,
    touched_ms: AtomicI64,
}

/// A game as stored, with its view (the `/api/view` answer) and clocks.
#[derive(Debug, Clone)]
struct Current {
    stored: StoredGame,
    view: Value,
    clocks: Option<Clocks>,
}

fn store_error(error: StoreError) -> ApiError {
    match error {
        StoreError::Missing => ApiError::new(StatusCode::NOT_FOUND, "no such game"),
        StoreError::Conflict => ApiError::new(
            StatusCode::CONFLICT,
            "another action was played first: look at the game again",
        ),
        StoreError::Failed(_) => ApiError::internal(error),
    }
}

/// The game request the referee and the view read: no moves, every action.
fn request_of(stored: &StoredGame) -> GameRequest {
    GameRequest {
        game: stored.game.clone(),
        options: stored.options.clone(),
        moves: Vec::new(),
        actions: stored.entries.iter().map(|e| e.action.clone()).collect(),
    }
}

fn side_to_move(view: &Value) -> Option<Player> {
    view["to_move"].as_str().and_then(seat_named)
}

impl Current {
    /// The view and clocks of a stored game (a bad stored game is an error, never a panic).
    fn of(stored: StoredGame) -> Result<Current, ApiError> {
        let view = crate::error::catching(|| crate::view::view(&request_of(&stored)))?;
        let clocks = stored
            .time
            .map(|control| Clocks::after(&control, &stored.entries, side_to_move(&view)));
        Ok(Current {
            stored,
            view,
            clocks,
        })
    }

    /// The seat `token` holds.
    fn seat_of(&self, token: &str) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|p| same_token(token, &self.stored.tokens[p.index()]))
    }

    /// What the watchers see at `now`: the setup, the actions, the view, the clocks.
    fn state(&self, now: i64) -> Value {
        let s = &self.stored;
        let clocks = self.clocks.map(|c| {
            json!({
                "first": c.left_at(Player::First, now),
                "second": c.left_at(Player::Second, now),
                "running": c.running.map(Player::name),
            })
        });
        json!({
            "id": s.id,
            "game": s.game,
            "options": s.options,
            "time": s.time,
            "version": s.entries.len(),
            "seats": {"first": s.claimed[0], "second": s.claimed[1]},
            "actions": s.entries.iter().map(|e| &e.action).collect::<Vec<_>>(),
            "view": self.view,
            "clocks": clocks,
        })
    }

    /// The progress after the last action: over, or when the game ends by time.
    fn progress(&self, idle_ms: i64) -> Progress {
        let over = self.view["status"] != "ongoing";
        let last = self
            .stored
            .entries
            .last()
            .map_or(self.stored.created_ms, |e| e.at_ms);
        let abandoned = last.saturating_add(idle_ms);
        let flag = self.clocks.and_then(|c| c.deadline_ms());
        Progress {
            over,
            deadline_ms: (!over).then(|| flag.map_or(abandoned, |f| f.min(abandoned))),
        }
    }
}

/// Runs a store operation on a blocking thread (SQLite waits for the disk).
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => result.map_err(store_error),
        Err(e) => Err(ApiError::internal(e)),
    }
}

fn random(bytes: usize) -> Result<String, ApiError> {
    random_hex(bytes).map_err(|e| ApiError::internal(format!("no random numbers: {e}")))
}

/// What a seat asks: a move, or a match action, after `version` actions when it says so.
#[derive(Debug, Clone)]
pub enum Act {
    /// A move in notation.
    Move(String),
    /// `resign`, `offer`, `accept` or `decline`.
    Action(String),
}

impl Friends {
    /// The friend games of `config`: its database opened (created when missing).
    pub fn open(config: &FriendConfig) -> Result<Friends, StoreError> {
        let store: Arc<dyn Store> = match &config.db {
            Some(path) => Arc::new(SqliteStore::open(path, config.sync)?),
            None => Arc::new(SqliteStore::in_memory()?),
        };
        Ok(Friends::with_store(store, config.clone()))
    }

    /// The friend games kept in `store`.
    pub fn with_store(store: Arc<dyn Store>, config: FriendConfig) -> Friends {
        Friends {
            inner: Arc::new(Inner {
                store,
                games: Mutex::new(HashMap::new()),
                config,
            }),
        }
    }

    fn store(&self) -> Arc<dyn Store> {
        Arc::clone(&self.inner.store)
    }

    fn idle_ms(&self) -> i64 {
        i64::try_from(self.inner.config.idle.as_millis()).unwrap_or(i64::MAX)
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Live>>> {
        // A panic while the map was held leaves it whole (inserts and removes only).
        self.inner
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Creates a game for `client`; answers its id, the creator's seat and token, and state.
    pub async fn create(
        &self,
        client: String,
        game: GameRequest,
        time: Option<TimeControl>,
        side: Option<&str>,
    ) -> Result<Value, ApiError> {
        let time = time
            .map(TimeControl::checked)
            .transpose()
            .map_err(ApiError::invalid)?;
        if !game.moves.is_empty() || !game.actions.is_empty() {
            return Err(ApiError::invalid(
                "a friend game starts from the start: no moves",
            ));
        }
        let seat = match side.unwrap_or("first") {
            "random" => {
                let bits = getrandom::u32()
                    .map_err(|e| ApiError::internal(format!("no random numbers: {e}")))?;
                Player::ALL[(bits & 1) as usize]
            }
            name => seat_named(name).ok_or_else(|| {
                ApiError::invalid("\"side\" is \"first\", \"second\" or \"random\"")
            })?,
        };
        self.check_caps(&client).await?;
        let mut claimed = [false; 2];
        claimed[seat.index()] = true;
        let stored = StoredGame {
            id: random(ID_BYTES)?,
            game: game.game,
            options: game.options,
            time,
            tokens: [random(TOKEN_BYTES)?, random(TOKEN_BYTES)?],
            claimed,
            client,
            created_ms: now_ms(),
            over: false,
            deadline_ms: None,
            entries: Vec::new(),
        };
        let mut current = Current::of(stored)?;
        current.stored.deadline_ms = current.progress(self.idle_ms()).deadline_ms;
        let row = current.stored.clone();
        blocking({
            let store = self.store();
            move || store.create(&row)
        })
        .await?;
        let answer = self.seat_answer(&current, seat);
        self.remember(current);
        Ok(answer)
    }

    async fn check_caps(&self, client: &str) -> Result<(), ApiError> {
        let (store, who) = (self.store(), client.to_owned());
        let (mine, all) =
            blocking(move || Ok((store.open_games(Some(&who))?, store.open_games(None)?))).await?;
        let config = &self.inner.config;
        if mine >= config.games_per_client {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "you have {mine} friend games going on, the most one client may have: \
                     finish or resign one first"
                ),
            ));
        }
        if all >= config.games {
            return Err(ApiError::busy(60));
        }
        Ok(())
    }

    fn seat_answer(&self, current: &Current, seat: Player) -> Value {
        json!({
            "id": current.stored.id,
            "seat": seat.name(),
            "token": current.stored.tokens[seat.index()],
            "state": current.state(now_ms()),
        })
    }

    fn remember(&self, current: Current) -> Arc<Live> {
        let id = current.stored.id.clone();
        let live = Arc::new(Live {
            current: tokio::sync::Mutex::new(current),
            updates: broadcast::channel(16).0,
            touched_ms: AtomicI64::new(now_ms()),
        });
        Arc::clone(self.games().entry(id).or_insert(live))
    }

    /// The game with this id, from memory or the store; `404` when there is none.
    pub async fn live(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        let well_formed = id.len() == 2 * ID_BYTES && id.bytes().all(|b| b.is_ascii_hexdigit());
        if !well_formed {
            return Err(store_error(StoreError::Missing));
        }
        if let Some(live) = self.games().get(id) {
            live.touched_ms.store(now_ms(), Ordering::Relaxed);
            return Ok(Arc::clone(live));
        }
        let (store, key) = (self.store(), id.to_owned());
        let stored = blocking(move || store.load(&key))
            .await?
            .ok_or(store_error(StoreError::Missing))?;
        Ok(self.remember(Current::of(stored)?))
    }

    /// The state of a game now.
    pub async fn state(&self, id: &str) -> Result<Value, ApiError> {
        let live = self.live(id).await?;
        let current = live.current.lock().await;
        Ok(current.state(now_ms()))
    }

    /// Hands out the seat nobody holds yet; `409` when both are taken.
    pub async fn join(&self, id: &str) -> Result<Value, ApiError> {
        let live = self.live(id).await?;
        let mut current = live.current.lock().await;
        let Some(seat) = Player::ALL
            .into_iter()
            .find(|p| !current.stored.claimed[p.index()])
        else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "both seats are taken: you can watch this game",
            ));
        };
        let (store, key) = (self.store(), id.to_owned());
        if !blocking(move || store.claim(&key, seat)).await? {
            return Err(store_error(StoreError::Conflict));
        }
        current.stored.claimed[seat.index()] = true;
        self.publish(&live, &current);
        Ok(self.seat_answer(&current, seat))
    }

    /// The seat `token` holds in game `id` (`403` when none): a page opened from a seat's
    /// link learns which seat it plays.
    pub async fn seat(&self, id: &str, token: &str) -> Result<Value, ApiError> {
        let live = self.live(id).await?;
        let current = live.current.lock().await;
        let seat = current.seat_of(token).ok_or_else(not_a_seat)?;
        Ok(json!({ "seat": seat.name() }))
    }

    fn publish(&self, live: &Live, current: &Current) {
        // No watcher is not an error: the next one reads the state when it connects.
        let _ = live
            .updates
            .send(Utf8Bytes::from(current.state(now_ms()).to_string()));
    }
}

/// A token that holds no seat (`403`).
fn not_a_seat() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "this token holds no seat of this game: spectators cannot play",
    )
}

/// A conflict (`409`) with a message and the game's version.
fn conflict(message: impl Into<String>, current: &Current) -> ApiError {
    let mut error = ApiError::new(StatusCode::CONFLICT, message);
    error.body["version"] = json!(current.stored.entries.len());
    error
}

impl Friends {
    /// Plays `act` for the seat `token` holds, after `version` actions when given; answers
    /// the new state once it is committed.
    pub async fn act(
        &self,
        id: &str,
        token: &str,
        act: Act,
        version: Option<usize>,
    ) -> Result<Value, ApiError> {
        let live = self.live(id).await?;
        let mut current = live.current.lock().await;
        let seat = current.seat_of(token).ok_or_else(not_a_seat)?;
        if current.stored.over {
            return Err(conflict("the game is over", &current));
        }
        let now = now_ms();
        if current.stored.deadline_ms.is_some_and(|d| d <= now) {
            let loser = self.end_by_time(&live, &mut current, now).await?;
            return Err(conflict(
                format!("time is up: {loser} lost on time"),
                &current,
            ));
        }
        if version.is_some_and(|v| v != current.stored.entries.len()) {
            return Err(conflict(
                "the game has moved on since: look at it again",
                &current,
            ));
        }
        let action = match act {
            Act::Move(mv) => {
                if side_to_move(&current.view) != Some(seat) {
                    return Err(conflict("it is not your turn", &current));
                }
                json!(mv)
            }
            Act::Action(name) => match name.as_str() {
                "resign" | "offer" | "accept" | "decline" => json!({ name: seat.name() }),
                _ => {
                    return Err(ApiError::invalid(
                        "\"action\" is \"resign\", \"offer\", \"accept\" or \"decline\"",
                    ))
                }
            },
        };
        let resigning = action.get("resign").is_some();
        if current.stored.entries.len() >= MAX_ACTIONS && !resigning {
            return Err(ApiError::invalid(format!(
                "the game has reached {MAX_ACTIONS} actions: only a resignation is taken now"
            )));
        }
        let entry = Entry {
            action,
            seat: Some(seat),
            at_ms: now,
        };
        self.commit(&live, &mut current, entry).await?;
        Ok(current.state(now_ms()))
    }

    /// Checks `entry` against the game, stores it, and sends the new state to the watchers.
    async fn commit(
        &self,
        live: &Live,
        current: &mut Current,
        entry: Entry,
    ) -> Result<(), ApiError> {
        let index = current.stored.entries.len();
        let mut stored = current.stored.clone();
        stored.entries.push(entry.clone());
        let mut next = Current::of(stored)?;
        let progress = next.progress(self.idle_ms());
        next.stored.over = progress.over;
        next.stored.deadline_ms = progress.deadline_ms;
        let (store, id) = (self.store(), next.stored.id.clone());
        let stored = blocking(move || store.append(&id, index, &entry, progress)).await;
        if let Err(error) = stored {
            if error.status == StatusCode::CONFLICT {
                // Another copy of the server's memory wrote first: take the store's game.
                let (store, id) = (self.store(), current.stored.id.clone());
                if let Some(fresh) = blocking(move || store.load(&id)).await? {
                    *current = Current::of(fresh)?;
                }
            }
            return Err(error);
        }
        *current = next;
        self.publish(live, current);
        Ok(())
    }

    /// Ends the game on time (its deadline passed): the side to move loses. Answers it.
    async fn end_by_time(
        &self,
        live: &Live,
        current: &mut Current,
        now: i64,
    ) -> Result<&'static str, ApiError> {
        let loser = side_to_move(&current.view)
            .ok_or_else(|| ApiError::internal("a game going on has nobody to move"))?;
        let entry = Entry {
            action: json!({ "flag": loser.name() }),
            seat: None,
            at_ms: now,
        };
        self.commit(live, current, entry).await?;
        Ok(loser.name())
    }

    /// Ends the game `id` on time if its deadline has passed.
    pub async fn expire(&self, id: &str) -> Result<(), ApiError> {
        let live = self.live(id).await?;
        let mut current = live.current.lock().await;
        let now = now_ms();
        if !current.stored.over && current.stored.deadline_ms.is_some_and(|d| d <= now) {
            self.end_by_time(&live, &mut current, now).await?;
        }
        Ok(())
    }

    /// Drops from memory the games nobody holds or watches that were not used for a while.
    pub fn forget_idle(&self) -> usize {
        let before = now_ms() - IN_MEMORY_MS;
        let mut games = self.games();
        let count = games.len();
        games.retain(|_, live| {
            Arc::strong_count(live) > 1
                || live.updates.receiver_count() > 0
                || live.touched_ms.load(Ordering::Relaxed) > before
        });
        count - games.len()
    }

    /// Drops these games from memory (they were deleted from the store).
    pub fn forget(&self, ids: &[String]) {
        let mut games = self.games();
        for id in ids {
            games.remove(id);
        }
    }

    /// How many games are in memory.
    pub fn in_memory(&self) -> usize {
        self.games().len()
    }

    /// The configuration.
    pub fn config(&self) -> &FriendConfig {
        &self.inner.config
    }

    /// The store.
    pub fn shared_store(&self) -> Arc<dyn Store> {
        self.store()
    }

    /// A handle that does not keep the games alive.
    pub(crate) fn downgrade(&self) -> std::sync::Weak<Inner> {
        Arc::downgrade(&self.inner)
    }

    /// The games again from [`Friends::downgrade`]'s handle, while they live.
    pub(crate) fn upgrade(weak: &std::sync::Weak<Inner>) -> Option<Friends> {
        weak.upgrade().map(|inner| Friends { inner })
    }
}

impl Live {
    /// A new listener of the game's states.
    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.updates.subscribe()
    }

    /// How many listen.
    pub fn watchers(&self) -> usize {
        self.updates.receiver_count()
    }

    /// The state now, as text.
    pub async fn state_text(&self) -> Utf8Bytes {
        let current = self.current.lock().await;
        Utf8Bytes::from(current.state(now_ms()).to_string())
    }
}
