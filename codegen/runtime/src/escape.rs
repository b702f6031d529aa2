//! Text from a file made safe to print: control and other unprintable characters escaped (an
//! escape sequence in a property name must not reach the user's terminal), and long texts
//! shortened with an ellipsis (a corrupted length must not put kilobytes into one line).

use std::fmt;

/// Characters of file text kept in an error line or a summary value.
pub const MAX_PRINTED_CHARS: usize = 120;

/// `text` with unprintable characters escaped Rust-style (`\n`, `\0`, `\u{1b}`) and, past
/// `max_chars` characters, cut short with `…`.
pub fn escape_text(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        if matches!(c, '\\' | '"' | '\'') || c.escape_debug().next() != Some('\\') {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    out
}

/// Displays file text escaped and shortened to [`MAX_PRINTED_CHARS`] (see [`escape_text`]).
pub struct Printable<'a>(pub &'a str);

impl fmt::Display for Printable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_text(self.0, MAX_PRINTED_CHARS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_printable_text_kept() {
        assert_eq!(escape_text("a\x1b[2Jb\n\0", 99), "a\\u{1b}[2Jb\\n\\0");
        assert_eq!(escape_text("Grüße \"x\" C:\\", 99), "Grüße \"x\" C:\\");
        assert_eq!(escape_text("\u{202e}evil", 99), "\\u{202e}evil");
    }

    #[test]
    fn long_text_ends_in_an_ellipsis() {
        assert_eq!(escape_text("abcdef", 3), "abc…");
        assert_eq!(escape_text("abc", 3), "abc");
        assert_eq!(
            Printable(&"\0".repeat(900)).to_string(),
            "\\0".repeat(120) + "…"
        );
    }
}
