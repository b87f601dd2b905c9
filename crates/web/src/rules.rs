//! The rules page: the repository's `docs/rules.md`, embedded at build time, rendered once to
//! plain HTML (headings, paragraphs, lists, tables, code and bold spans; everything else is
//! escaped text). No script, no inline style: it keeps to the page's security policy.

use std::sync::OnceLock;

/// The rules of every game as Markdown.
pub const MARKDOWN: &str = include_str!("../../../docs/rules.md");

/// The rules as an HTML page, rendered on first use.
pub fn html() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| render(MARKDOWN))
}

/// What the renderer is inside of.
#[derive(PartialEq, Clone, Copy)]
enum Block {
    None,
    Paragraph,
    List,
    Table,
}

/// Renders the Markdown subset the rules use into a whole HTML page.
pub fn render(markdown: &str) -> String {
    let mut out = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Rules</title>\n<link rel=\"stylesheet\" href=\"/static/style.css\">\n\
         </head>\n<body class=\"rules\">\n<main>\n<p><a href=\"/\">Back to the games</a></p>\n",
    );
    let mut block = Block::None;
    for line in markdown.lines() {
        let text = line.trim();
        let heading = text.bytes().take_while(|&b| b == b'#').count();
        let next = if text.is_empty() {
            Block::None
        } else if (1..=6).contains(&heading) && text[heading..].starts_with(' ') {
            close(&mut out, block);
            out.push_str(&format!(
                "<h{heading}>{}</h{heading}>\n",
                inline(&text[heading + 1..])
            ));
            block = Block::None;
            continue;
        } else if let Some(item) = text.strip_prefix("- ") {
            open(&mut out, block, Block::List);
            out.push_str(&format!("<li>{}", inline(item)));
            Block::List
        } else if text.starts_with('|') {
            open(&mut out, block, Block::Table);
            table_row(&mut out, text);
            Block::Table
        } else if block == Block::List || block == Block::Paragraph {
            // A continuation line of the item or paragraph.
            out.push(' ');
            out.push_str(&inline(text));
            block
        } else {
            open(&mut out, block, Block::Paragraph);
            out.push_str(&inline(text));
            Block::Paragraph
        };
        if next == Block::None {
            close(&mut out, block);
        }
        block = next;
    }
    close(&mut out, block);
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// Starts `wanted` unless `current` is already it (closing `current` first).
fn open(out: &mut String, current: Block, wanted: Block) {
    if current == wanted {
        if wanted == Block::List {
            out.push_str("</li>\n");
        }
        return;
    }
    close(out, current);
    out.push_str(match wanted {
        Block::List => "<ul>\n",
        Block::Table => "<table>\n",
        Block::Paragraph => "<p>",
        Block::None => "",
    });
}

fn close(out: &mut String, block: Block) {
    out.push_str(match block {
        Block::List => "</li>\n</ul>\n",
        Block::Table => "</table>\n",
        Block::Paragraph => "</p>\n",
        Block::None => "",
    });
}

/// One table row; the `|---|` separator row is skipped.
fn table_row(out: &mut String, text: &str) {
    let cells: Vec<&str> = text.trim_matches('|').split('|').map(str::trim).collect();
    if cells
        .iter()
        .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':'))
    {
        return;
    }
    out.push_str("<tr>");
    for cell in cells {
        out.push_str(&format!("<td>{}</td>", inline(cell)));
    }
    out.push_str("</tr>\n");
}

/// Escapes a line of text, then marks its `code` and **bold** spans.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        let escaped = escape(part);
        if i % 2 == 1 {
            out.push_str(&format!("<code>{escaped}</code>"));
        } else {
            for (j, piece) in escaped.split("**").enumerate() {
                match j % 2 {
                    1 => out.push_str(&format!("<strong>{piece}</strong>")),
                    _ => out.push_str(piece),
                }
            }
        }
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn renders_the_subset_and_escapes_the_rest() {
        let page = render(
            "# Title\n\nSome <b>text</b> with `a<b` and **bold**\ncontinued.\n\n- one\n  more\n- two\n\n| a | b |\n|---|---|\n| `x` | y |\n",
        );
        assert!(page.contains("<h1>Title</h1>"));
        assert!(page.contains("<p>Some &lt;b&gt;text&lt;/b&gt; with <code>a&lt;b</code> and <strong>bold</strong> continued.</p>"), "{page}");
        assert!(
            page.contains("<ul>\n<li>one more</li>\n<li>two</li>\n</ul>"),
            "{page}"
        );
        assert!(page.contains("<table>\n<tr><td>a</td><td>b</td></tr>\n<tr><td><code>x</code></td><td>y</td></tr>\n</table>"), "{page}");
        assert!(!page.contains("<script"));
    }
}
