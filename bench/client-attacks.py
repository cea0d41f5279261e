#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile servers against `ledger-curator sync`, with figures (docs/sync-client.md, "Limits").

Usage: bench/client-attacks.py CLI_BINARY [--only NAME,...] [--gigabytes 3] [--give-up 60]
                               [--server SERVER_BINARY] [-- EXTRA SYNC OPTIONS...]

For each attack, starts a fake server on loopback that answers every request with it, runs
CLI_BINARY sync against it on a fresh cache (in a temporary HOME), and prints one line: the
client's peak resident memory (VmHWM, sampled from /proc while it runs), how the sync ended (its
exit status and last line, or "still running" when it had to be killed after --give-up seconds),
its wall time, and the bytes the fake sent. Runs against any build (the one before the limits,
too), so the figures compare. Attacks:
  huge      Content-Length: GIGABYTES GB, then that many bytes as fast as the client reads
  chunked   Transfer-Encoding: chunked, GIGABYTES GB of chunks
  nolength  no Content-Length, GIGABYTES GB until the connection closes
  dribble   Content-Length: 100000, then one byte every 200 ms
With --server (a ledger-server binary), the events page attacks of issue 36: a proxy in front of
a real server (the fixture's record, a curator's token) forwards every request but
GET /v1/events, which it answers with a page of a million tiny events (222 MB, under the 256 MiB
reply cap), and the cache has one correction in its outbox; the line also says whether the
outbox kept it:
  page          the page with its Content-Length
  page-chunked  the same page chunked, without a length
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import http.client
import uuid

MB = 1024 * 1024
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def status_kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class FakeServer:
    """Answers every request on every connection with one attack."""

    def __init__(self, attack, total):
        self.attack = attack
        self.total = total
        self.sent = 0
        self.requests = 0
        self.stop = threading.Event()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except socket.timeout:
                continue
            threading.Thread(target=self.answer, args=(conn,), daemon=True).start()

    def answer(self, conn):
        try:
            data = b""
            while b"\r\n\r\n" not in data:
                piece = conn.recv(65536)
                if not piece:
                    return
                data += piece
            self.requests += 1
            head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            chunk = b" " * 65536
            if self.attack == "huge":
                conn.sendall(head + b"Content-Length: %d\r\n\r\n" % self.total)
            elif self.attack == "chunked":
                conn.sendall(head + b"Transfer-Encoding: chunked\r\n\r\n")
                chunk = b"%x\r\n%s\r\n" % (len(chunk), chunk)
            elif self.attack == "nolength":
                conn.sendall(head + b"Connection: close\r\n\r\n")
            elif self.attack == "dribble":
                conn.sendall(head + b"Content-Length: 100000\r\n\r\n")
                while not self.stop.is_set():
                    conn.sendall(b" ")
                    self.sent += 1
                    time.sleep(0.2)
                return
            while self.sent < self.total and not self.stop.is_set():
                conn.sendall(chunk)
                self.sent += len(chunk)
        except OSError:
            pass  # the client gave up: what the attack wants to see
        finally:
            conn.close()

    def close(self):
        self.stop.set()
        self.sock.close()


def tiny_event(seq):
    return ('{"id":"%s","record":"2104.04473","observation":"%s","field":"note","value":"x",'
            '"parents":[],"author":"alice","created_at":"2026-12-05T00:00:00.000Z","seq":%d}'
            % (uuid.UUID(int=seq), uuid.UUID(int=seq + 1), seq))


class PageProxy:
    """Forwards every request to a real server, but answers GET /v1/events with a page of a
    million tiny events (with its Content-Length, or chunked)."""

    def __init__(self, upstream_port, chunked, events=1000000):
        self.upstream = upstream_port
        self.chunked = chunked
        self.events = events
        self.first = b'{"events":['
        self.last = b'],"last_seq":%d,"latest_seq":%d,"more":false}' % (events, events)
        self.length = (len(self.first) + len(self.last) + events - 1
                       + sum(len(tiny_event(1000000 + i)) for i in range(0, 1)) * events)
        self.sent = 0
        self.pages = 0
        self.stop = threading.Event()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return  # closed
            threading.Thread(target=self.answer, args=(conn,), daemon=True).start()

    def answer(self, conn):
        try:
            while True:
                data = b""
                while b"\r\n\r\n" not in data:
                    piece = conn.recv(65536)
                    if not piece:
                        return
                    data += piece
                head, body = data.split(b"\r\n\r\n", 1)
                lines = head.decode().split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = {k.strip().lower(): v.strip() for k, v in
                           (l.split(":", 1) for l in lines[1:] if ":" in l)}
                length = int(headers.get("content-length", "0"))
                while len(body) < length:
                    body += conn.recv(65536)
                if method == "GET" and target.startswith("/v1/events"):
                    self.pages += 1
                    self.hostile_page(conn)
                    return
                up = http.client.HTTPConnection("127.0.0.1", self.upstream, timeout=30)
                up.request(method, target, body=body or None,
                           headers={k: v for k, v in headers.items()
                                    if k not in ("host", "connection", "content-length")})
                reply = up.getresponse()
                payload = reply.read()
                out = b"HTTP/1.1 %d %s\r\n" % (reply.status, reply.reason.encode())
                for k, v in reply.getheaders():
                    if k.lower() not in ("content-length", "connection", "transfer-encoding"):
                        out += k.encode() + b": " + v.encode() + b"\r\n"
                out += b"Content-Length: %d\r\n\r\n" % len(payload)
                conn.sendall(out + payload)
                up.close()
        except OSError:
            pass
        finally:
            conn.close()

    def hostile_page(self, conn):
        head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        head += (b"Transfer-Encoding: chunked\r\n\r\n" if self.chunked
                 else b"Content-Length: %d\r\n\r\n" % self.length)
        conn.sendall(head)
        out = [self.first]
        size = len(self.first)
        for i in range(self.events):
            piece = (("," if i else "") + tiny_event(1000000 + i)).encode()
            out.append(piece)
            size += len(piece)
            if size >= 1024 * 1024 or i == self.events - 1:
                if i == self.events - 1:
                    out.append(self.last)
                chunk = b"".join(out)
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk) if self.chunked else chunk)
                self.sent += len(chunk)
                out, size = [], 0
        if self.chunked:
            conn.sendall(b"0\r\n\r\n")

    def close(self):
        self.stop.set()
        self.sock.close()


def run_page(cli, server_binary, attack, give_up, extra):
    with tempfile.TemporaryDirectory() as home:
        db = os.path.join(home, "server.sqlite")
        out = subprocess.run([server_binary, "token", "add", "alice", "--role", "curator",
                              "--db", db], capture_output=True, text=True, check=True)
        token = out.stdout.strip().splitlines()[-1]
        fixture = os.path.join(REPO, "tests", "data", "ledger-2104.04473.txt")
        subprocess.run([server_binary, "import", fixture, "--db", db], capture_output=True,
                       check=True)
        server = subprocess.Popen([server_binary, "serve", "--db", db, "--listen",
                                   "127.0.0.1:0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
        proxy = PageProxy(port, attack == "page-chunked")
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_DATA_HOME=os.path.join(home, "data"), LEDGER_TOKEN=token,
                   LC_SIGNING_KEY_STORE="file")
        env.pop("DISPLAY", None)
        cache = os.path.join(home, "cache.sqlite")
        subprocess.run([cli, "import", fixture, "--db", cache], env=env, capture_output=True,
                       check=True)
        subprocess.run([cli, "curate", "2104.04473", "50c00f4f-b34c-4082-acab-2ff8b53dd1d2",
                        "note=bench", "--author", "alice", "--db", cache], env=env,
                       capture_output=True, check=True)
        start = time.monotonic()
        proc = subprocess.Popen([cli, "sync", "--server", f"http://127.0.0.1:{proxy.port}",
                                 "--db", cache, *extra], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        peak = 0
        ended = None
        while ended is None:
            peak = max(peak, status_kb(proc.pid, "VmHWM"))
            ended = proc.poll()
            if ended is None and time.monotonic() - start > give_up:
                proc.kill()
                proc.wait()
                ended = "killed"
            time.sleep(0.05)
        wall = time.monotonic() - start
        err = proc.stderr.read().strip().splitlines()
        # The outbox, read through SQLite: the correction made above waits in it until it comes
        # back from the server with its seq.
        import sqlite3
        con = sqlite3.connect(f"file:{cache}?mode=ro", uri=True)
        outbox = con.execute("SELECT COUNT(*) FROM corrections WHERE seq IS NULL").fetchone()[0]
        con.close()
        proxy.close()
        server.kill()
        server.wait()
        how = (f"still running after {give_up:.0f} s (killed)" if ended == "killed"
               else f"exit {ended}: {err[-1] if err else ''}")
        print(f"{attack:12} peak RSS {peak / 1024:8.1f} MB  {wall:7.1f} s  sent "
              f"{proxy.sent / MB:8.1f} MB of {proxy.length / MB:.0f} MB in {proxy.pages} "
              f"page(s); outbox {outbox}; {how}", flush=True)


def run(cli, attack, total, give_up, extra):
    server = FakeServer(attack, total)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_DATA_HOME=os.path.join(home, "data"), LEDGER_TOKEN="lc_bench_token",
                   LC_SIGNING_KEY_STORE="file")
        env.pop("DISPLAY", None)
        start = time.monotonic()
        proc = subprocess.Popen([cli, "sync", "--server", f"http://127.0.0.1:{server.port}",
                                 "--db", os.path.join(home, "cache.sqlite"), *extra],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        peak = 0
        ended = None
        while ended is None:
            peak = max(peak, status_kb(proc.pid, "VmHWM"))
            ended = proc.poll()
            if ended is None and time.monotonic() - start > give_up:
                proc.kill()
                proc.wait()
                ended = "killed"
                break
            time.sleep(0.05)
        wall = time.monotonic() - start
        err = proc.stderr.read().strip().splitlines()
        server.close()
        how = (f"still running after {give_up:.0f} s (killed)" if ended == "killed"
               else f"exit {ended}: {err[-1] if err else ''}")
        print(f"{attack:9} peak RSS {peak / 1024:8.1f} MB  {wall:7.1f} s  sent "
              f"{server.sent / MB:8.1f} MB  {how}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--only", default="")
    parser.add_argument("--gigabytes", type=float, default=3.0)
    parser.add_argument("--give-up", type=float, default=60.0)
    parser.add_argument("--server", default="")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    attacks = ["huge", "chunked", "nolength", "dribble"] + (["page", "page-chunked"]
                                                           if args.server else [])
    chosen = [a for a in attacks if not args.only or a in args.only.split(",")]
    total = int(args.gigabytes * 1024 * MB)
    for attack in chosen:
        if attack.startswith("page"):
            run_page(args.cli, args.server, attack, args.give_up, extra)
        else:
            run(args.cli, attack, total, args.give_up, extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
