//! A private X server for the window tests: Xvfb, the player started on it, xdotool to drive it
//! and ImageMagick's `import` to photograph it. The tools are required (CI installs them).
#![allow(dead_code)] // Each window test binary uses its own part of these helpers.

use klotski::gui::render::image::RgbaImage;
use klotski::gui::render::layout::Rect;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a test waits for the window to show what it should.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The part of `image` under `r`.
pub fn region(image: &RgbaImage, r: Rect) -> RgbaImage {
    image.crop(r.x as u32, r.y as u32, r.w.ceil() as u32, r.h.ceil() as u32)
}

/// The whole-pixel coordinates xdotool takes.
pub fn at(x: f32, y: f32) -> [String; 2] {
    [format!("{}", x as u32), format!("{}", y as u32)]
}

/// A child process killed when the test ends, passed or not.
pub struct Reaped(pub Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A private X server, its display name, and a scratch folder.
pub struct Display {
    name: String,
    /// A folder of the test's own, removed at the end.
    pub scratch: PathBuf,
    _server: Reaped,
}

impl Display {
    /// Starts Xvfb; `-displayfd` makes it print its display number once it accepts clients.
    /// `-noreset`: an X server resets when its last client leaves and refuses connections
    /// meanwhile, so a player starting just as a short-lived xdotool or import disconnects
    /// could not open its window.
    pub fn start(test: &str) -> Display {
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1024x768x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb must be installed (apt-get install xvfb)");
        let mut line = String::new();
        BufReader::new(server.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let number = line.trim();
        assert!(!number.is_empty(), "Xvfb did not start");
        let scratch = std::env::temp_dir().join(format!("klotski-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).unwrap();
        Display {
            name: format!(":{number}"),
            scratch,
            _server: Reaped(server),
        }
    }

    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .env("DISPLAY", &self.name)
            .env("XDG_RUNTIME_DIR", &self.scratch)
            // A home, cache and data folder of the test's own, never the user's.
            .env("HOME", &self.scratch)
            .env("XDG_CACHE_HOME", self.scratch.join("cache"))
            .env("XDG_DATA_HOME", self.scratch.join("data"))
            // Mesa's shader cache stays off even when the test binary runs outside cargo
            // (which sets this for every test, see .cargo/config.toml).
            .env("MESA_SHADER_CACHE_DISABLE", "true");
        command
    }

    /// Runs `program` on the display and returns what it printed; it must succeed within
    /// [`PATIENCE`] (coreutils' `timeout` ends it otherwise, so a tool waiting on a window that
    /// never comes fails the test instead of hanging it).
    pub fn run(&self, program: &str, args: &[&str]) -> String {
        let out = self
            .command("timeout")
            .args(["--kill-after=5", &PATIENCE.as_secs().to_string(), program])
            .args(args)
            .output()
            .expect("coreutils' timeout must be installed");
        match out.status.code() {
            // 137: it ignored the TERM and took the KILL five seconds later.
            Some(124 | 137) | None => {
                panic!("{program} {args:?} did not end within {PATIENCE:?}")
            }
            Some(127) => panic!("{program} must be installed (scripts/test installs it)"),
            _ => {}
        }
        assert!(
            out.status.success(),
            "{program} {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Starts `klotski ARGS` with `stdin` and waits for its window, at most [`PATIENCE`];
    /// returns the process and the window id. A player that ends before its window shows
    /// fails the test with what it wrote on stderr.
    pub fn player(&self, args: &[&str], stdin: Stdio) -> (Reaped, String) {
        let errors = self.scratch.join("player-stderr.txt");
        let child = self
            .command(env!("CARGO_BIN_EXE_klotski"))
            .args(args)
            .current_dir(&self.scratch)
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&errors).unwrap())
            .spawn()
            .unwrap();
        let mut child = Reaped(child);
        let began = Instant::now();
        loop {
            // Without --sync: xdotool answers at once, found or not.
            let found = self
                .command("xdotool")
                .args(["search", "--name", "^klotski: "])
                .output()
                .expect("xdotool must be installed (scripts/test installs it)");
            let listed = String::from_utf8_lossy(&found.stdout);
            if let Some(id) = listed.lines().next() {
                let id = id.to_string();
                self.wait_for_a_drawn_frame(&id);
                return (child, id);
            }
            if let Some(status) = child.0.try_wait().unwrap() {
                let said = std::fs::read_to_string(&errors).unwrap_or_default();
                panic!("the player ended ({status}) before its window showed: {said}");
            }
            assert!(began.elapsed() < PATIENCE, "no window within {PATIENCE:?}");
        }
    }

    /// Waits, at most [`PATIENCE`], until `window` shows more than one colour: its event loop
    /// has drawn a frame, so keys sent from now on reach a player that is ready for them.
    fn wait_for_a_drawn_frame(&self, window: &str) {
        let began = Instant::now();
        loop {
            let shot = self.screenshot(window);
            let first = &shot.pixels[..4];
            if shot.pixels.chunks_exact(4).any(|pixel| pixel != first) {
                return;
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the window drew nothing within {PATIENCE:?}"
            );
        }
    }

    /// Photographs `window`.
    pub fn screenshot(&self, window: &str) -> RgbaImage {
        let path = self.scratch.join("shot.png");
        // PNG32: RGBA whatever the pixels: a window still black before its first frame would
        // otherwise be written as a greyscale PNG.
        let target = format!("PNG32:{}", path.display());
        self.run("import", &["-window", window, &target]);
        RgbaImage::read_png(&path).unwrap()
    }
}

impl Display {
    /// Photographs `window` until `area` matches `want` (within antialiasing noise), at most
    /// [`PATIENCE`]; whether it did, and the last photograph.
    pub fn wait_for(&self, window: &str, area: Rect, want: &RgbaImage) -> (bool, RgbaImage) {
        let began = Instant::now();
        loop {
            let shot = self.screenshot(window);
            if region(&shot, area).difference(want, 16) < 0.002 {
                return (true, shot);
            }
            if began.elapsed() > PATIENCE {
                return (false, shot);
            }
        }
    }

    /// The title of `window`.
    pub fn title(&self, window: &str) -> String {
        self.run("xdotool", &["getwindowname", window])
            .trim()
            .to_string()
    }

    /// Waits until the title of `window` is `want`, at most [`PATIENCE`]; the last title.
    pub fn wait_for_title(&self, window: &str, want: &str) -> String {
        let began = Instant::now();
        loop {
            let title = self.title(window);
            if title == want || began.elapsed() > PATIENCE {
                return title;
            }
        }
    }

    /// Clicks at (`x`, `y`) in `window`.
    pub fn click(&self, window: &str, (x, y): (f32, f32)) {
        let [x, y] = at(x, y);
        self.run(
            "xdotool",
            &["mousemove", "--window", window, &x, &y, "click", "1"],
        );
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}
