//! The path prompt `O` opens: text typed into the window, since the window has no file dialog.

/// What a key did to the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Still typing.
    Editing,
    /// Enter: open this path.
    Done(String),
    /// Escape: no path.
    Cancelled,
}

/// A line of text being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prompt {
    text: String,
}

/// A key as the prompt sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key<'a> {
    /// Printable text.
    Text(&'a str),
    /// Removes the last character.
    Backspace,
    /// Ends the prompt with its text.
    Enter,
    /// Ends the prompt with nothing.
    Escape,
}

impl Prompt {
    /// Applies `key`.
    pub fn key(&mut self, key: Key<'_>) -> Typed {
        match key {
            Key::Text(text) => {
                self.text.extend(text.chars().filter(|c| !c.is_control()));
                Typed::Editing
            }
            Key::Backspace => {
                self.text.pop();
                Typed::Editing
            }
            Key::Enter => Typed::Done(std::mem::take(&mut self.text)),
            Key::Escape => Typed::Cancelled,
        }
    }

    /// The prompt as the status line shows it, with a caret.
    pub fn line(&self) -> String {
        format!("Open file: {}▏   (Enter opens, Esc cancels)", self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_editing_and_ending_the_prompt() {
        let mut p = Prompt::default();
        assert_eq!(p.key(Key::Text("/tmp/a.tx")), Typed::Editing);
        assert_eq!(
            p.key(Key::Text("\r")),
            Typed::Editing,
            "control characters are dropped"
        );
        p.key(Key::Backspace);
        p.key(Key::Text("xt"));
        assert!(p.line().starts_with("Open file: /tmp/a.txt"));
        assert_eq!(p.key(Key::Enter), Typed::Done("/tmp/a.txt".into()));
        assert_eq!(p.key(Key::Escape), Typed::Cancelled);
    }
}
