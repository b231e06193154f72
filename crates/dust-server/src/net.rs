//! The connections of the server (issue 16, item 3): each accepted under a cap per client
//! address, its request head read within a deadline (`header_timeout`), and closed when it
//! carries nothing either way for `idle_timeout` (a half-sent request, a forgotten keep-alive
//! connection, a dead WebSocket: the server pings each WebSocket well within that time).

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};

/// Counts of things open per client address, under a cap (connections; WebSockets).
pub struct PerAddress {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One thing counted for an address, until dropped.
pub struct Slot {
    of: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    /// At most `max` open at once per client address (an IPv6 client is its /64 network).
    pub fn new(max: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            max,
            open: Mutex::new(HashMap::new()),
        })
    }
    /// A slot for `ip`, or `None` when it holds `max` already.
    pub fn enter(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let ip = crate::http::RateLimiter::client(ip);
        let mut open = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = open.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot { of: self.clone(), ip })
    }
    /// The most open at once per address.
    pub fn max(&self) -> usize {
        self.max
    }
    /// Open in all.
    pub fn total(&self) -> usize {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner).values().sum()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.of.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A TCP stream that fails with `TimedOut` once nothing has been read or written on it for
/// its idle time.
struct IdleIo {
    inner: TcpStream,
    idle: Duration,
    timer: Pin<Box<Sleep>>,
}

impl IdleIo {
    fn new(inner: TcpStream, idle: Duration) -> IdleIo {
        IdleIo {
            inner,
            idle,
            timer: Box::pin(tokio::time::sleep(idle)),
        }
    }
    fn active(&mut self) {
        let at = Instant::now() + self.idle;
        self.timer.as_mut().reset(at);
    }
    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.timer.as_mut().poll(cx).is_ready()
    }
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")
}

impl AsyncRead for IdleIo {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    self.active();
                }
                Poll::Ready(r)
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncWrite for IdleIo {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.active();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// How connections are bounded.
#[derive(Clone, Debug)]
pub struct ConnLimits {
    /// A request's head (its line and headers) must arrive within this time.
    pub header_timeout: Duration,
    /// A connection that carries nothing either way for this long is closed.
    pub idle_timeout: Duration,
    /// Connections open at once per client address; past it a new one is closed at once.
    pub per_address: usize,
}

/// Serves `app` on `listener` until `stop` turns true, each connection bounded by `limits`;
/// then lets the open connections finish (at most a second).
pub async fn serve(listener: TcpListener, app: Router, limits: ConnLimits, mut stop: watch::Receiver<bool>) {
    let conns = PerAddress::new(limits.per_address);
    let mut refused = crate::http::LogLimiter::new();
    loop {
        let (stream, peer) = tokio::select! {
            a = listener.accept() => match a {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, do not spin.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            r = stop.changed() => if r.is_err() || *stop.borrow() { break } else { continue },
        };
        let Some(slot) = conns.enter(peer.ip()) else {
            if let Some(suppressed) = refused.allow() {
                tracing::warn!(%peer, max = limits.per_address, suppressed, "too many connections from one address: closed");
            }
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleIo::new(stream, limits.idle_timeout));
        let router = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            let mut router = router.clone();
            async move { tower::Service::call(&mut router, req).await }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let conn = builder.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            let stopped = tokio::select! {
                _ = conn.as_mut() => false,
                r = stop.wait_for(|s| *s) => r.is_ok(),
            };
            if stopped {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
            }
            drop(slot);
        });
    }
    let t0 = std::time::Instant::now();
    while conns.total() > 0 && t0.elapsed() < Duration::from_secs(1) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
