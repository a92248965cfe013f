//! Option values of the `gui` and `render` modes: frame sizes and step lists, parsed with
//! `FromStr`.

use std::str::FromStr;

/// A frame size in pixels, written `800x600`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameSize {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Default for FrameSize {
    fn default() -> FrameSize {
        FrameSize {
            width: 800,
            height: 600,
        }
    }
}

/// An option value that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Not `WIDTHxHEIGHT` with both in 1..=8192.
    #[error("a size is WIDTHxHEIGHT, each 1 to 8192, such as 800x600; got '{0}'")]
    Size(String),
    /// Not `all` or a comma list of step numbers and `last`.
    #[error("steps are 'all' or a list such as 0,5,last; got '{0}'")]
    Steps(String),
}

impl FromStr for FrameSize {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || OptionError::Size(s.to_string());
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
        let side = |t: &str| t.parse::<u32>().ok().filter(|v| (1..=8192).contains(v));
        Ok(FrameSize {
            width: side(w).ok_or_else(bad)?,
            height: side(h).ok_or_else(bad)?,
        })
    }
}

/// One entry of a step list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// After this many moves (clamped to the solution's length).
    At(usize),
    /// The end of the solution.
    Last,
}

/// Which steps `render` writes, written `all` or `0,5,last`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Every step from 0 to the last.
    All,
    /// These steps.
    List(Vec<Step>),
}

impl Default for Steps {
    fn default() -> Steps {
        Steps::List(vec![Step::At(0), Step::Last])
    }
}

impl Steps {
    /// The step numbers for a solution of `total` moves, in order, each once.
    pub fn resolve(&self, total: usize) -> Vec<usize> {
        let mut steps: Vec<usize> = match self {
            Steps::All => (0..=total).collect(),
            Steps::List(list) => list
                .iter()
                .map(|s| match *s {
                    Step::At(k) => k.min(total),
                    Step::Last => total,
                })
                .collect(),
        };
        steps.sort_unstable();
        steps.dedup();
        steps
    }
}

impl FromStr for Steps {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "all" {
            return Ok(Steps::All);
        }
        s.split(',')
            .map(|item| match item.trim() {
                "last" => Some(Step::Last),
                n => n.parse().ok().map(Step::At),
            })
            .collect::<Option<Vec<_>>>()
            .map(Steps::List)
            .ok_or_else(|| OptionError::Steps(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_step_lists_parse_and_resolve() {
        assert_eq!(
            "640x480".parse(),
            Ok(FrameSize {
                width: 640,
                height: 480
            })
        );
        for bad in ["640", "0x5", "x5", "9000x10", "axb", ""] {
            assert!(bad.parse::<FrameSize>().is_err(), "{bad}");
        }
        let steps: Steps = "5,0,last,99".parse().unwrap();
        assert_eq!(steps.resolve(16), vec![0, 5, 16]);
        assert_eq!("all".parse::<Steps>().unwrap().resolve(2), vec![0, 1, 2]);
        assert_eq!(Steps::default().resolve(0), vec![0]);
        assert!("1,,2".parse::<Steps>().is_err());
        assert!("first".parse::<Steps>().is_err());
    }
}
