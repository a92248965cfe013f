//! Input: the pointer's hover and press state, and the look each button gets from it.

use crate::input::action::Action;
use crate::render::layout::ScreenLayout;

/// How a button is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Enabled, pointer elsewhere.
    Normal,
    /// Enabled, pointer over it.
    Hover,
    /// Held down by the pointer.
    Pressed,
    /// Nothing to do.
    Disabled,
}

/// The pointer: where it is, which button it went down on, and the piece it carries.
#[derive(Clone, Debug, Default)]
pub struct Pointer {
    at: Option<(f32, f32)>,
    down_on: Option<Action>,
    /// The piece being dragged and how far from its place it is drawn, in cells (rows, cols).
    held: Option<(usize, (f32, f32))>,
}

impl Pointer {
    /// The pointer moved to (`x`, `y`), physical pixels.
    pub fn moved(&mut self, x: f32, y: f32) {
        self.at = Some((x, y));
    }

    /// The pointer left the window: whatever it held goes back.
    pub fn left(&mut self) {
        self.at = None;
        self.down_on = None;
        self.held = None;
    }

    /// It carries `piece`, drawn `offset` cells (rows, cols) from its place.
    pub fn hold(&mut self, piece: usize, offset: (f32, f32)) {
        self.held = Some((piece, offset));
    }

    /// It lets go of the piece it carried.
    pub fn let_go(&mut self) {
        self.held = None;
    }

    /// The piece it carries and how far from its place.
    pub fn held(&self) -> Option<(usize, (f32, f32))> {
        self.held
    }

    /// The button went down: remember which button it is over.
    pub fn press(&mut self, layout: &ScreenLayout) {
        self.down_on = self.over(layout);
    }

    /// The button came up: a click when it is still over the button it went down on.
    pub fn release(&mut self, layout: &ScreenLayout) -> Option<Action> {
        let down_on = self.down_on.take();
        down_on.filter(|&a| self.over(layout) == Some(a))
    }

    /// Where the pointer is, if in the window.
    pub fn at(&self) -> Option<(f32, f32)> {
        self.at
    }

    /// The button under the pointer.
    pub fn over(&self, layout: &ScreenLayout) -> Option<Action> {
        self.at.and_then(|(x, y)| layout.hit(x, y))
    }

    /// How `action`'s button looks now.
    pub fn look(&self, layout: &ScreenLayout, action: Action, enabled: bool) -> Look {
        let over = self.over(layout) == Some(action);
        match (enabled, over, self.down_on == Some(action)) {
            (false, _, _) => Look::Disabled,
            (true, true, true) => Look::Pressed,
            (true, true, false) => Look::Hover,
            (true, false, _) => Look::Normal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_needs_press_and_release_on_the_same_button() {
        let layout = ScreenLayout::new(800, 600, 1.0, 4, 4);
        let next = layout.button(Action::Next).centre();
        let prev = layout.button(Action::Previous).centre();
        let mut p = Pointer::default();
        p.moved(next.0, next.1);
        assert_eq!(p.look(&layout, Action::Next, true), Look::Hover);
        assert_eq!(p.look(&layout, Action::Previous, true), Look::Normal);
        assert_eq!(p.look(&layout, Action::Next, false), Look::Disabled);
        p.press(&layout);
        assert_eq!(p.look(&layout, Action::Next, true), Look::Pressed);
        assert_eq!(p.release(&layout), Some(Action::Next));
        assert_eq!(p.look(&layout, Action::Next, true), Look::Hover);

        p.press(&layout);
        p.moved(prev.0, prev.1);
        assert_eq!(p.look(&layout, Action::Next, true), Look::Normal);
        assert_eq!(p.release(&layout), None, "released elsewhere");

        p.moved(1.0, 1.0);
        p.press(&layout);
        assert_eq!(p.release(&layout), None, "pressed on no button");
        p.moved(next.0, next.1);
        p.press(&layout);
        p.left();
        assert_eq!(p.release(&layout), None, "the pointer left the window");
    }
}
