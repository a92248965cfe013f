//! CPU time of the calling thread, for the benchmarks: a loaded machine stretches wall times,
//! not the CPU time a run takes.

use std::time::Duration;

/// CPU time the calling thread has run (`CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution);
/// `None` where the system has no such clock.
#[cfg(unix)]
pub fn thread_cpu() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the duration of the call.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

/// CPU time of the calling thread: not measured off Unix.
#[cfg(not(unix))]
pub fn thread_cpu() -> Option<Duration> {
    None
}
