//! The budget every input of the network fuzz targets is held to (issue 16, "Fuzz what the
//! network can send"): memory and work linear in the input's length. A counting allocator
//! measures the bytes allocated in all (a deterministic work counter)
//! and the peak of bytes live at once; the wall-clock time is checked too, with a generous
//! bound (the machine is shared). `fuzz/README.md` states each target's constants.
//!
//! The counters are process-wide (`stats_alloc` wrapping `peak_alloc`: no unsafe code here),
//! so inputs are measured one at a time ([`measure`] holds a lock) and a test binary that
//! measures runs its inputs from one test.

use peak_alloc::PeakAlloc;
use stats_alloc::StatsAlloc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOCATOR: StatsAlloc<PeakAlloc> = StatsAlloc::new(PeakAlloc);

/// One measurement at a time.
static MEASURING: Mutex<()> = Mutex::new(());

/// What one input cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cost {
    /// Bytes allocated in all.
    pub allocated: u64,
    /// The most bytes live at once, above those live before.
    pub peak: u64,
    /// Wall-clock time.
    pub time: Duration,
}

/// Runs `f`, measuring what it costs (every thread's allocations while it runs).
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Cost) {
    let _one = MEASURING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    PeakAlloc.reset_peak_usage();
    let base = PeakAlloc.current_usage();
    let before = ALLOCATOR.stats();
    let start = Instant::now();
    let out = f();
    let time = start.elapsed();
    let after = ALLOCATOR.stats();
    let grown = (after.bytes_reallocated - before.bytes_reallocated).max(0) as u64;
    let cost = Cost {
        allocated: (after.bytes_allocated - before.bytes_allocated) as u64 + grown,
        peak: PeakAlloc.peak_usage().saturating_sub(base) as u64,
        time,
    };
    (out, cost)
}

/// A target's budget: for an input of `n` bytes, at most `fixed + per_byte × n` of each.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Bytes allocated in all: fixed, per input byte.
    pub allocated: (u64, u64),
    /// Peak bytes live: fixed, per input byte.
    pub peak: (u64, u64),
    /// Milliseconds: fixed, per KiB of input.
    pub millis: (u64, u64),
}

impl Budget {
    /// Panics, naming the target and the input's length, when `cost` is over the budget for
    /// an input of `n` bytes.
    pub fn check(&self, target: &str, n: usize, cost: Cost) {
        let n = n as u64;
        let alloc = self.allocated.0 + self.allocated.1 * n;
        assert!(
            cost.allocated <= alloc,
            "{target}: an input of {n} bytes allocated {} bytes, over the budget of {alloc}",
            cost.allocated
        );
        let peak = self.peak.0 + self.peak.1 * n;
        assert!(
            cost.peak <= peak,
            "{target}: an input of {n} bytes held {} bytes at once, over the budget of {peak}",
            cost.peak
        );
        // Time is asserted where the fuzzers run (`DUST_FUZZ_TIME` set: fuzz/README.md); the
        // ordinary test over the seeds asserts the deterministic measures only, as tests here
        // never time anything (a loaded machine must not fail them).
        if std::env::var_os("DUST_FUZZ_TIME").is_none() {
            return;
        }
        let ms = self.millis.0 + self.millis.1 * n.div_ceil(1024);
        assert!(
            cost.time <= Duration::from_millis(ms),
            "{target}: an input of {n} bytes took {:?}, over the budget of {ms} ms",
            cost.time
        );
    }
}

/// Checks that a structure expanded from an input of `n` bytes has at most
/// `fixed + per_byte × n` elements.
pub fn check_size(target: &str, what: &str, n: usize, size: usize, fixed: usize, per_byte: usize) {
    let most = fixed + per_byte * n;
    assert!(size <= most, "{target}: an input of {n} bytes made {size} {what}, over {most}");
}
