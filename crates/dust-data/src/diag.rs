//! Diagnostics: one problem in a file, with the place it is about.

use core::fmt;
use core::ops::Range;

/// One problem found in a file, printed as `FILE:LINE:COL: message` (1-based line and column,
/// columns counted in characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// The file name, as given by the caller.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Turns byte offsets of a text into 1-based line and column numbers.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset where each line starts.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, starts }
    }

    /// 1-based line and column (in characters) of a byte offset; offsets past the end or inside
    /// a character are clamped.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let col = self.text[start..offset].chars().count() + 1;
        (line, col)
    }

    /// A diagnostic about the text at `span` (its start is what is pointed at).
    pub fn diagnostic(&self, file: &str, span: &Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(span.start);
        Diagnostic {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
        }
    }
}

/// What kind of TOML item this is, for "expected …, found …" messages.
/// Parses a TOML document; a syntax error comes back as the span it points at and the message
/// every file format reports ("this is not valid TOML: …").
/// Every file format refuses a document nested deeper than this (arrays, inline tables and
/// dotted keys together) before parsing it: the shipped files nest 3 levels at most, and the
/// parser's memory grows with nesting (issue 16, item 2).
pub const MAX_TOML_DEPTH: usize = 32;

pub(crate) fn parse_toml(text: &str) -> Result<toml_edit::Document<&str>, (Range<usize>, String)> {
    if let Some(at) = too_deep(text, MAX_TOML_DEPTH) {
        return Err((
            at..at + 1,
            format!("nested more than {MAX_TOML_DEPTH} levels deep (arrays, inline tables and dotted keys): not a file of this program"),
        ));
    }
    toml_edit::Document::parse(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let msg = e.message().trim().replace('\n', " ");
        (span, format!("this is not valid TOML: {msg}"))
    })
}

pub(crate) fn describe(item: &toml_edit::Item) -> &'static str {
    match item {
        toml_edit::Item::Value(v) => describe_value(v),
        toml_edit::Item::Table(_) => "a table",
        toml_edit::Item::ArrayOfTables(_) => "an array of tables",
        toml_edit::Item::None => "nothing",
    }
}

/// What kind of TOML value this is, for "expected …, found …" messages.
pub(crate) fn describe_value(v: &toml_edit::Value) -> &'static str {
    match v {
        toml_edit::Value::String(_) => "a string",
        toml_edit::Value::Integer(_) => "an integer",
        toml_edit::Value::Float(_) => "a float",
        toml_edit::Value::Boolean(_) => "a boolean",
        toml_edit::Value::Datetime(_) => "a date",
        toml_edit::Value::Array(_) => "an array",
        toml_edit::Value::InlineTable(_) => "an inline table",
    }
}

/// The candidate closest to `name` (case-insensitive), if it is close enough to be a typo or
/// contains the name. Linear in the name's length for each candidate: a candidate whose length
/// differs from the name's by more than a typo's distance is not measured (the edit distance
/// is at least that difference), so a long name sent by a client costs no quadratic work
/// (issue 16: the army-file fuzz target found 1.8 KB allocated per byte of unknown names).
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let n = name.trim().to_ascii_lowercase();
    if n.is_empty() {
        return None;
    }
    let n_len = n.chars().count();
    candidates
        .filter_map(|c| {
            let l = c.to_ascii_lowercase();
            let most = (c.chars().count() / 3).max(2);
            let d = if l.contains(&n) || n.contains(&l) {
                0
            } else if n_len.abs_diff(l.chars().count()) > most {
                return None;
            } else {
                edit_distance(&n, &l)
            };
            (d <= most).then_some((d, c))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Edit distance between two words (Levenshtein, by characters), for "did you mean" hints.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The valid keys of a table, as "`a`, `b`, `c`", for unknown-key messages.
pub(crate) fn valid_list(valid: &[&str]) -> String {
    valid.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
}

/// A TOML basic string (quoted and escaped) for the files the project writes.
pub(crate) fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = core::fmt::Write::write_fmt(&mut out, format_args!("\\u{:04X}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Where a TOML text first nests deeper than `max` levels, found by one cheap pass over its
/// bytes before any parsing: open brackets and braces, plus the dots of a dotted key or table
/// name (`[a.b.c]`, `a.b.c = 1`), outside strings and comments. A float or a date counts a
/// level or two, never more. `None`: not that deep.
pub fn too_deep(text: &str, max: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut brackets = 0usize;
    let mut dots = 0usize;
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                dots = 0;
                continue;
            }
            q @ (b'"' | b'\'') => {
                let triple = b.len() >= i + 3 && b[i + 1] == q && b[i + 2] == q;
                i += if triple { 3 } else { 1 };
                while i < b.len() {
                    if q == b'"' && b[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if b[i] == q && (!triple || (b.len() >= i + 3 && b[i + 1] == q && b[i + 2] == q)) {
                        i += if triple { 3 } else { 1 };
                        break;
                    }
                    if !triple && b[i] == b'\n' {
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'[' | b'{' => {
                brackets += 1;
                dots = 0;
            }
            b']' | b'}' => {
                brackets = brackets.saturating_sub(1);
                dots = 0;
            }
            b'.' => dots += 1,
            c if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'+' | b':' | b' ' | b'\t') => {}
            _ => dots = 0,
        }
        if brackets + dots > max {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// One TOML file being read: where its problems are reported and the checks every reader of
/// the project's files makes (unknown keys with a did-you-mean, values of the wrong type). The
/// card, map and table readers each build their own context over it (`Deref`).
pub(crate) struct TomlReader<'a> {
    /// The file name shown in the diagnostics.
    pub file: &'a str,
    /// The text's lines, for positions.
    pub ix: LineIndex<'a>,
    /// Every problem found so far.
    pub diags: Vec<Diagnostic>,
}

impl<'a> TomlReader<'a> {
    /// A reader of `text`, named `file` in its diagnostics.
    pub fn new(text: &'a str, file: &'a str) -> TomlReader<'a> {
        TomlReader {
            file,
            ix: LineIndex::new(text),
            diags: Vec::new(),
        }
    }

    /// Reports a problem at `span`.
    pub fn err(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let d = self.ix.diagnostic(self.file, span, message);
        self.diags.push(d);
    }

    /// The span of `item`, or `fallback` when it has none.
    pub fn span(item: &toml_edit::Item, fallback: &Range<usize>) -> Range<usize> {
        item.span().unwrap_or_else(|| fallback.clone())
    }

    /// The span of `key` in `t`, or `fallback`.
    pub fn key_span(t: &dyn toml_edit::TableLike, key: &str, fallback: &Range<usize>) -> Range<usize> {
        t.key(key).and_then(|k| k.span()).unwrap_or_else(|| fallback.clone())
    }

    /// Reports keys of `t` that are not in `valid`.
    pub fn check_keys(&mut self, t: &dyn toml_edit::TableLike, what: &str, valid: &[&str], fallback: &Range<usize>) {
        let keys: Vec<String> = t.iter().map(|(k, _)| k.to_string()).collect();
        for k in keys {
            if !valid.contains(&k.as_str()) {
                let span = Self::key_span(t, &k, fallback);
                self.unknown_key(&span, &k, what, valid);
            }
        }
    }

    /// Reports the key `k` at `span`, which is not one of `valid` in `what`, with the valid key
    /// it was most likely meant to be.
    pub fn unknown_key(&mut self, span: &Range<usize>, k: &str, what: &str, valid: &[&str]) {
        let hint = suggestion(k, valid);
        self.err(
            span,
            format!("unknown key `{k}` in {what}{hint}: the valid keys are {}", valid_list(valid)),
        );
    }

    /// A string value under `key`; reports a missing (when `required`) or mistyped value.
    pub fn string(
        &mut self,
        t: &dyn toml_edit::TableLike,
        key: &str,
        what: &str,
        required: bool,
        fallback: &Range<usize>,
    ) -> Option<(String, Range<usize>)> {
        let Some(item) = t.get(key) else {
            if required {
                self.err(fallback, format!("{what} needs `{key}`"));
            }
            return None;
        };
        let span = Self::span(item, fallback);
        match item.as_str() {
            Some(s) => Some((s.to_string(), span)),
            None => {
                self.err(
                    &span,
                    format!("`{key}` in {what} must be a string (text in quotes), not {}", describe(item)),
                );
                None
            }
        }
    }
}

/// Lets a reader's context `$ctx<'a>`, which holds its [`TomlReader`] in the field `rd`, be used
/// as that reader (`cx.err(…)`, `cx.check_keys(…)`).
macro_rules! reads_through {
    ($ctx:ident) => {
        impl<'a> core::ops::Deref for $ctx<'a> {
            type Target = $crate::diag::TomlReader<'a>;
            fn deref(&self) -> &$crate::diag::TomlReader<'a> {
                &self.rd
            }
        }

        impl<'a> core::ops::DerefMut for $ctx<'a> {
            fn deref_mut(&mut self) -> &mut $crate::diag::TomlReader<'a> {
                &mut self.rd
            }
        }
    };
}
pub(crate) use reads_through;

/// " (did you mean `v`?)" for the entry of `valid` within two edits of `k`, else nothing.
pub(crate) fn suggestion(k: &str, valid: &[&str]) -> String {
    valid
        .iter()
        .map(|v| (edit_distance(k, v), *v))
        .min()
        .filter(|&(d, _)| d <= 2)
        .map(|(_, v)| format!(" (did you mean `{v}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16: the hint for an unknown name is the same, and a long name is not measured
    /// against every candidate (the edit distance is at least the difference in length).
    #[test]
    fn closest_finds_typos_and_skips_names_far_longer() {
        let cards = ["Laser Grenadiers", "Hell Boys", "Blackhawk"];
        assert_eq!(closest("Lazer Grenadier", cards.into_iter()), Some("Laser Grenadiers"));
        assert_eq!(closest("hell boy", cards.into_iter()), Some("Hell Boys"));
        assert_eq!(
            closest("Sturmpioniervy Laser Grenadiers", cards.into_iter()),
            Some("Laser Grenadiers")
        );
        assert_eq!(closest("Zombies", cards.into_iter()), None);
        assert_eq!(closest(&"Hell Bxys".repeat(20_000), cards.into_iter()), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn line_and_column() {
        let t = "ab\ncdé\nf";
        let ix = LineIndex::new(t);
        assert_eq!(ix.line_col(0), (1, 1));
        assert_eq!(ix.line_col(2), (1, 3));
        assert_eq!(ix.line_col(3), (2, 1));
        assert_eq!(ix.line_col(5), (2, 3));
        assert_eq!(ix.line_col(6), (2, 3)); // inside é
        assert_eq!(ix.line_col(8), (3, 1));
        assert_eq!(ix.line_col(100), (3, 2));
        let d = ix.diagnostic("m.toml", &(3..4), "bad");
        assert_eq!(d.to_string(), "m.toml:2:1: bad");
    }
}
