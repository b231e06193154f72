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

#[cfg(test)]
mod tests {
    use super::*;

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
