//! Diagnostics for the map and deck files: one problem, with the place it is about.

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

/// Every problem of a file, in file order (what the parsers return).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Collects diagnostics for one text.
pub(crate) struct Reporter<'a> {
    file: &'a str,
    text: &'a str,
    starts: Vec<usize>,
    pub(crate) diags: Vec<Diagnostic>,
}

impl<'a> Reporter<'a> {
    pub(crate) fn new(file: &'a str, text: &'a str) -> Reporter<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Reporter {
            file,
            text,
            starts,
            diags: Vec::new(),
        }
    }

    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
    }

    /// Records a problem at the start of `span`.
    pub(crate) fn err(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let (line, col) = self.line_col(span.start);
        self.diags.push(Diagnostic {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
        });
    }

    /// The diagnostics sorted by place, or `Ok` if there were none.
    pub(crate) fn finish(mut self) -> Result<(), Diagnostics> {
        if self.diags.is_empty() {
            return Ok(());
        }
        self.diags.sort_by_key(|d| (d.line, d.col));
        self.diags.dedup();
        Err(Diagnostics(self.diags))
    }
}

/// What kind of TOML value an item is, for messages.
pub(crate) fn describe(item: &toml_edit::Item) -> &'static str {
    use toml_edit::{Item, Value};
    match item {
        Item::Value(v) => match v {
            Value::String(_) => "a string",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Boolean(_) => "a boolean",
            Value::Datetime(_) => "a date",
            Value::Array(_) => "an array",
            Value::InlineTable(_) => "an inline table",
        },
        Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
        Item::None => "nothing",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let mut r = Reporter::new("f", "ab\ncdé\nf");
        r.err(&(5..5), "x");
        assert_eq!(r.diags[0].to_string(), "f:2:3: x");
    }
}
