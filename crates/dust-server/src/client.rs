//! A small blocking client of the API, for the tests, the load test and scripts: HTTP/1.1
//! requests with JSON bodies, and the game WebSocket. It only talks to the address it is given
//! (the tests give it a loopback address).

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// What went wrong talking to the server.
#[derive(Debug)]
#[non_exhaustive]
pub enum ClientError {
    /// The connection failed.
    Io(std::io::Error),
    /// The answer is not HTTP or not JSON.
    Protocol(String),
    /// The WebSocket failed.
    WebSocket(String),
}

impl core::fmt::Display for ClientError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ClientError::Io(e) => write!(f, "connection: {e}"),
            ClientError::Protocol(m) => write!(f, "unexpected answer: {m}"),
            ClientError::WebSocket(m) => write!(f, "websocket: {m}"),
        }
    }
}

impl std::error::Error for ClientError {}

impl From<std::io::Error> for ClientError {
    fn from(e: std::io::Error) -> ClientError {
        ClientError::Io(e)
    }
}

/// An HTTP answer: its status and body.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Answer {
    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
    /// The error code of a JSON error, if any.
    pub fn error_code(&self) -> Option<String> {
        self.json()["error"]["code"].as_str().map(str::to_string)
    }
}

/// Sends one request (a new connection each time) and reads the answer.
///
/// # Errors
/// The connection fails or the answer is not HTTP.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&[u8]>) -> Result<Answer, ClientError> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    s.set_nodelay(true)?;
    let body = body.unwrap_or(b"");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())?;
    // The server may answer (413) before the whole body is sent: ignore a broken pipe.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    if let Err(e) = s.read_to_end(&mut raw) {
        if raw.is_empty() {
            return Err(e.into());
        }
    }
    parse_answer(&raw)
}

fn parse_answer(raw: &[u8]) -> Result<Answer, ClientError> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| ClientError::Protocol("no end of headers".into()))?;
    let head = String::from_utf8_lossy(&raw[..split]);
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ClientError::Protocol(format!("no status in `{}`", head.lines().next().unwrap_or(""))))?;
    let chunked = head
        .lines()
        .any(|l| l.to_ascii_lowercase().starts_with("transfer-encoding:") && l.to_ascii_lowercase().contains("chunked"));
    let rest = &raw[split + 4..];
    let body = if chunked { dechunk(rest)? } else { rest.to_vec() };
    Ok(Answer {
        status,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn dechunk(mut b: &[u8]) -> Result<Vec<u8>, ClientError> {
    let mut out = Vec::new();
    loop {
        let eol = b
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or_else(|| ClientError::Protocol("bad chunk".into()))?;
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16).map_err(|e| ClientError::Protocol(e.to_string()))?;
        b = &b[eol + 2..];
        if size == 0 {
            return Ok(out);
        }
        if b.len() < size {
            return Err(ClientError::Protocol("short chunk".into()));
        }
        out.extend_from_slice(&b[..size]);
        b = b.get(size + 2..).unwrap_or(&[]);
    }
}

/// `GET path`.
///
/// # Errors
/// See [`request`].
pub fn get(addr: SocketAddr, path: &str) -> Result<Answer, ClientError> {
    request(addr, "GET", path, None)
}

/// `POST path` with a JSON body.
///
/// # Errors
/// See [`request`].
pub fn post(addr: SocketAddr, path: &str, body: &Value) -> Result<Answer, ClientError> {
    request(addr, "POST", path, Some(body.to_string().as_bytes()))
}

/// Claims the invited seat of a game just created (`created`: the answer of
/// `POST /api/games` or `/api/games/import`), as the invitee's browser does with the invite
/// link: the fresh token of that seat.
///
/// # Errors
/// No invite in `created`, the claim refused, or the connection.
pub fn claim_invite(addr: SocketAddr, created: &Value) -> Result<String, ClientError> {
    let (Some(id), Some(code)) = (created["id"].as_str(), created["invite"]["invite"].as_str()) else {
        return Err(ClientError::Protocol(format!("no invite to claim in {created}")));
    };
    let a = post(addr, &format!("/api/games/{id}/claim"), &serde_json::json!({ "invite": code }))?;
    a.json()["token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| ClientError::Protocol(format!("the claim was refused: {}", a.body)))
}

/// A game's WebSocket.
pub struct GameSocket {
    ws: tungstenite::WebSocket<TcpStream>,
}

impl GameSocket {
    /// Connects to `/api/games/ID/ws?seat=TOKEN`.
    ///
    /// # Errors
    /// The connection or the handshake fails (a bad token is refused with 403).
    pub fn connect(addr: SocketAddr, id: &str, token: &str) -> Result<GameSocket, ClientError> {
        GameSocket::connect_path(addr, &format!("/api/games/{id}/ws?seat={token}"))
    }
    /// Connects to the WebSocket at `path` (`/api/strategy/games/ID/ws?seat=TOKEN`).
    ///
    /// # Errors
    /// The connection or the handshake fails.
    pub fn connect_path(addr: SocketAddr, path: &str) -> Result<GameSocket, ClientError> {
        let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        stream.set_nodelay(true)?;
        let url = format!("ws://{addr}{path}");
        let (ws, _) = tungstenite::client::client(url, stream).map_err(|e| ClientError::WebSocket(e.to_string()))?;
        Ok(GameSocket { ws })
    }
    /// Sends a JSON message.
    ///
    /// # Errors
    /// The socket is closed.
    pub fn send(&mut self, v: &Value) -> Result<(), ClientError> {
        self.ws
            .send(tungstenite::Message::Text(v.to_string().into()))
            .map_err(|e| ClientError::WebSocket(e.to_string()))
    }
    /// Sends raw text (tests of malformed messages).
    ///
    /// # Errors
    /// The socket is closed.
    pub fn send_text(&mut self, t: &str) -> Result<(), ClientError> {
        self.ws
            .send(tungstenite::Message::Text(t.to_string().into()))
            .map_err(|e| ClientError::WebSocket(e.to_string()))
    }
    /// The next JSON message.
    ///
    /// # Errors
    /// The socket is closed or sends something that is not JSON.
    pub fn recv(&mut self) -> Result<Value, ClientError> {
        let t = self.recv_text()?;
        serde_json::from_str(&t).map_err(|e| ClientError::Protocol(e.to_string()))
    }
    /// The next text message as it came (the load test reads only what it needs of it).
    ///
    /// # Errors
    /// The socket is closed.
    pub fn recv_text(&mut self) -> Result<String, ClientError> {
        loop {
            match self.ws.read().map_err(|e| ClientError::WebSocket(e.to_string()))? {
                tungstenite::Message::Text(t) => return Ok(t.as_str().to_string()),
                tungstenite::Message::Close(frame) => {
                    return Err(ClientError::WebSocket(match frame {
                        Some(f) => format!("closed: {} {}", u16::from(f.code), f.reason),
                        None => "closed".into(),
                    }))
                }
                _ => {}
            }
        }
    }
    /// Reads messages until the game's view at decision `ply` or later: the whole `state`
    /// first, then `update`s with what changed (`crate::push`); both carry `ply` and `pending`.
    ///
    /// # Errors
    /// The socket is closed, or the server sends an `error` (its text).
    pub fn recv_ply(&mut self, ply: u64) -> Result<Value, ClientError> {
        loop {
            let m = self.recv()?;
            if m["type"] == "error" {
                return Err(ClientError::Protocol(m.to_string()));
            }
            if (m["type"] == "state" || m["type"] == "update") && m["ply"].as_u64().unwrap_or(0) >= ply {
                return Ok(m);
            }
        }
    }
    /// Reads messages until one of type `kind` (or an `error`).
    ///
    /// # Errors
    /// The socket is closed.
    pub fn recv_kind(&mut self, kind: &str) -> Result<Value, ClientError> {
        loop {
            let v = self.recv()?;
            if v["type"] == kind || v["type"] == "error" {
                return Ok(v);
            }
        }
    }
}
