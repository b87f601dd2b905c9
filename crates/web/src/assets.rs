//! The page's files, embedded in the binary at build time: no request reads the file system.
//! The two pages share their head, header, board, side panel and move list: each page's line
//! `<!-- part NAME -->` stands for the fragment `static/parts/NAME.html`, put in once, the
//! first time a page is asked for.

use std::borrow::Cow;
use std::sync::LazyLock;

/// One embedded file: its name under `/static/`, its content type and its bytes.
pub struct Asset {
    /// The file name, as requested under `/static/`.
    pub name: &'static str,
    /// The `Content-Type` header value.
    pub content_type: &'static str,
    /// The file's contents.
    pub body: Cow<'static, [u8]>,
}

/// The fragments the pages share, by name.
const PARTS: &[(&str, &str)] = &[
    ("head", include_str!("../static/parts/head.html")),
    ("header", include_str!("../static/parts/header.html")),
    ("board", include_str!("../static/parts/board.html")),
    ("panel", include_str!("../static/parts/panel.html")),
    ("end", include_str!("../static/parts/end.html")),
];

/// `page` with each `<!-- part NAME -->` line replaced by its fragment (a line naming no
/// fragment stays, a comment).
pub fn assemble(page: &str) -> String {
    let mut out = String::with_capacity(page.len() * 2);
    for line in page.lines() {
        let name = line
            .trim()
            .strip_prefix("<!-- part ")
            .and_then(|rest| rest.strip_suffix(" -->"));
        match PARTS.iter().find(|(part, _)| Some(*part) == name) {
            Some((_, fragment)) => out.push_str(fragment),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A page assembled from its template and the shared fragments.
fn page(name: &'static str, template: &str) -> Asset {
    Asset {
        name,
        content_type: "text/html; charset=utf-8",
        body: Cow::Owned(assemble(template).into_bytes()),
    }
}

/// An embedded file served as it is.
const fn file(name: &'static str, content_type: &'static str, body: &'static [u8]) -> Asset {
    Asset {
        name,
        content_type,
        body: Cow::Borrowed(body),
    }
}

/// Every file the page serves.
pub static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut assets = vec![
        page("index.html", include_str!("../static/index.html")),
        page("friend.html", include_str!("../static/friend.html")),
    ];
    assets.extend(FILES.iter().map(|f| file(f.0, f.1, f.2)));
    assets
});

/// The files served as they are: name, content type, contents.
type File = (&'static str, &'static str, &'static [u8]);

const FILES: &[File] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/app.js"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/i18n.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/api.js"),
    ),
    (
        "boards.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/boards.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/clock.js"),
    ),
    (
        "scores.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/scores.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../static/style.css"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/play.js"),
    ),
    (
        "friend.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/friend.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../static/favicon.svg"),
    ),
];

/// The asset called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_have_every_part_put_in() {
        for name in ["index.html", "friend.html"] {
            let body = String::from_utf8(find(name).unwrap().body.to_vec()).unwrap();
            assert!(!body.contains("<!-- part"), "{name} kept a part's line");
            for id in [
                "board",
                "status",
                "clocks",
                "offer-box",
                "lang-select",
                "move-list",
            ] {
                assert!(body.contains(&format!("id=\"{id}\"")), "{name} lacks #{id}");
            }
            assert!(body.contains("<meta charset=\"utf-8\">"), "{name}");
        }
        assert_eq!(
            assemble("a\n<!-- part nope -->\n"),
            "a\n<!-- part nope -->\n"
        );
    }

    /// The page works offline: no file names another host (the SVG namespace is a name,
    /// never fetched).
    #[test]
    fn no_file_loads_anything_from_another_host() {
        for asset in ASSETS.iter() {
            let text =
                String::from_utf8_lossy(&asset.body).replace("http://www.w3.org/2000/svg", "");
            for outside in [
                "http://",
                "https://",
                "src=\"//",
                "href=\"//",
                "url(//",
                "@import",
            ] {
                assert!(!text.contains(outside), "{} names {outside}", asset.name);
            }
        }
    }
}
