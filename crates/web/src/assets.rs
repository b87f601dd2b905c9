//! The page's files, embedded in the binary at build time: no request reads the file system.

/// One embedded file: its name under `/static/`, its content type and its bytes.
pub struct Asset {
    /// The file name, as requested under `/static/`.
    pub name: &'static str,
    /// The `Content-Type` header value.
    pub content_type: &'static str,
    /// The file's contents.
    pub body: &'static [u8],
}

/// Every file the page serves.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("../static/index.html"),
    },
    Asset {
        name: "app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/app.js"),
    },
    Asset {
        name: "i18n.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/i18n.js"),
    },
    Asset {
        name: "api.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/api.js"),
    },
    Asset {
        name: "boards.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/boards.js"),
    },
    Asset {
        name: "clock.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/clock.js"),
    },
    Asset {
        name: "scores.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/scores.js"),
    },
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../static/style.css"),
    },
    Asset {
        name: "friend.html",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("../static/friend.html"),
    },
    Asset {
        name: "friend.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/friend.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../static/favicon.svg"),
    },
];

/// The asset called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.name == name)
}
