//! The background sweep: ends the games whose time ran out (a clock's flag, or a side that
//! left the game), deletes finished games past their keeping time, and lets go of the games
//! in memory nobody uses.

use crate::friend::{now_ms, Friends};

/// The most games ended in one sweep (the next sweep takes the rest).
const BATCH: usize = 500;

impl Friends {
    /// Starts the sweep on the current tokio runtime, every `config.sweep`; it stops when
    /// the last handle of these games is dropped. Without a runtime nothing is started.
    pub fn start_sweeping(&self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let every = self
            .config()
            .sweep
            .max(std::time::Duration::from_millis(10));
        let weak = self.downgrade();
        runtime.spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(friends) = Friends::upgrade(&weak) else {
                    return;
                };
                if let Err(error) = friends.sweep().await {
                    eprintln!(
                        "boardgames-web: the friend games' sweep failed: {}",
                        error.body
                    );
                }
            }
        });
    }

    /// One sweep; answers how many games ended and how many were deleted.
    pub async fn sweep(&self) -> Result<(usize, usize), crate::ApiError> {
        let store = self.shared_store();
        let now = now_ms();
        let due = tokio::task::spawn_blocking(move || store.due(now, BATCH))
            .await
            .map_err(crate::ApiError::internal)?
            .map_err(crate::ApiError::internal)?;
        let mut ended = 0;
        for id in &due {
            self.expire(id).await?;
            ended += 1;
        }
        let keep = i64::try_from(self.config().keep.as_millis()).unwrap_or(i64::MAX);
        let store = self.shared_store();
        let purged = tokio::task::spawn_blocking(move || store.purge(now.saturating_sub(keep)))
            .await
            .map_err(crate::ApiError::internal)?
            .map_err(crate::ApiError::internal)?;
        self.forget(&purged);
        self.forget_idle();
        Ok((ended, purged.len()))
    }
}
