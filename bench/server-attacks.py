#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile clients against a real ledger-server on loopback, with figures (docs/server-limits.md).

Usage: bench/server-attacks.py SERVER_BINARY [--only NAME,...] [--scale 1.0] [--seconds 30]

Starts SERVER_BINARY serve on a fresh SQLite database for each attack, runs the attack and prints
one line per attack: the server's peak resident memory above its start (VmHWM - VmRSS at start,
from /proc), its resident memory when the attack ended, how the attack ended, and how long it
took. Runs against any build (the one before the hardening, too), so the figures compare.

The attacks of issue 36 on what anyone may ask without a token (docs/server-limits.md,
"Requests without a token") print what a curator met meanwhile: pushes of signed events (one a
second, or every other 0.5 s step with a read between) and reads, how many succeeded, and their
median time. They need the Python `cryptography` package (Ed25519) for the curator's signatures.
  tiny-bodies       16 bodies of 7.3 MiB holding 700,000 tiny objects at once, to /reconcile
                    without a token (Content-Length, and chunked), and with a curator's token to
                    POST /v1/events; peak, and memory 3 s after
  announced-bodies  16 connections announce 8 MiB bodies and send nothing for --seconds; a
                    curator pushes every second
  reconcile-flood   40 clients loop 50-query batches to /reconcile for --seconds against a
                    30,000-work index (from one address, then from 40); a curator reads and pushes
  slow-connections  1,200 slow connections from 127.0.0.1, re-opened as they close, for
                    --seconds; health checks from 127.0.0.2 every second
  log-flood         token-less reconnect loops for --seconds: the server log's growth
"""
import argparse
import base64
import datetime
import hashlib
import http.client
import json
import os
import random
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

MB = 1024 * 1024
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORD = "2104.04473"
OBSERVATION = "50c00f4f-b34c-4082-acab-2ff8b53dd1d2"


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


class Server:
    def __init__(self, binary, extra=(), nofile=None, works=None, record=False):
        self.dir = tempfile.TemporaryDirectory()
        db = os.path.join(self.dir.name, "db.sqlite")
        out = subprocess.run([binary, "token", "add", "alice", "--role", "curator", "--db", db],
                             capture_output=True, text=True, check=True)
        self.token = out.stdout.strip().splitlines()[-1]
        if record:
            subprocess.run([binary, "import", os.path.join(REPO, "tests", "data",
                                                           "ledger-2104.04473.txt"), "--db", db],
                           capture_output=True, check=True)
        if works:
            subprocess.run([binary, "works", "import", works, "--format", "csv", "--db", db],
                           capture_output=True, check=True)
        self.log = open(os.path.join(self.dir.name, "log"), "w+")
        pre = None
        if nofile:
            def pre():
                import resource
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.proc = subprocess.Popen([binary, "serve", "--db", db, "--listen", "127.0.0.1:0",
                                      *extra], stdout=subprocess.PIPE, stderr=self.log, text=True,
                                     preexec_fn=pre)
        line = self.proc.stdout.readline()
        if not line.startswith("listening on "):
            self.proc.wait()
            self.log.seek(0)
            problem = self.log.read().strip().splitlines()
            self.dir.cleanup()
            raise RuntimeError(f"serve {' '.join(extra)}: " + (problem[-1] if problem else "?"))
        self.port = int(line.strip().rsplit(":", 1)[1])
        time.sleep(0.2)
        self.start_rss = status_kb(self.proc.pid, "VmRSS")

    def peak_mb(self):
        return (status_kb(self.proc.pid, "VmHWM") - self.start_rss) / 1024

    def rss_mb(self):
        return (status_kb(self.proc.pid, "VmRSS") - self.start_rss) / 1024

    def log_bytes(self):
        self.log.flush()
        return os.path.getsize(self.log.name)

    def health(self, timeout=5, source=None):
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout,
                                         source_address=(source, 0) if source else None)
            s.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = s.recv(100)
            s.close()
            return data.startswith(b"HTTP/1.1 200")
        except OSError:
            return False

    def close(self):
        self.proc.kill()
        self.proc.wait()
        self.log.close()
        self.dir.cleanup()


def connect(server, timeout=10):
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout)


def stream(sock, total, head, chunk=b"x" * 65536, chunked=False):
    """Sends head then up to total bytes of body; returns (bytes sent, how it ended)."""
    sent = 0
    try:
        sock.sendall(head)
        while sent < total:
            if chunked:
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            else:
                sock.sendall(chunk)
            sent += len(chunk)
        return sent, "all sent"
    except OSError as e:
        return sent, f"closed by server ({e.__class__.__name__})"


def first_line(sock):
    try:
        sock.settimeout(5)
        data = sock.recv(200)
        return data.split(b"\r\n", 1)[0].decode(errors="replace") or "(EOF)"
    except OSError as e:
        return f"({e.__class__.__name__})"


def attack_chunked(server, scale):
    s = connect(server)
    head = b"POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" \
           b"Transfer-Encoding: chunked\r\n\r\n"
    sent, how = stream(s, int(1024 * MB * scale), head, chunked=True)
    return f"1 GiB chunked, no token: {sent / MB:.0f} MB sent, {how}; reply: {first_line(s)}"


def attack_duplicate_length(server, scale):
    s = connect(server)
    head = b"POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" \
           b"Content-Length: 536870912\r\nContent-Length: 5\r\n\r\n"
    sent, how = stream(s, int(512 * MB * scale), head)
    return f"Content-Length 536870912 and 5: {sent / MB:.0f} MB sent, {how}; reply: {first_line(s)}"


def attack_split_headers(server, scale):
    s = connect(server)
    s.sendall(b"POST /v1/events HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 40000)
    time.sleep(0.1)
    head = b"b" * 30000 + b"\r\nContent-Length: 536870912\r\n\r\n"
    sent, how = stream(s, int(512 * MB * scale), head)
    return f"70 kB of headers in two sends, then 512 MB: {sent / MB:.0f} MB sent, {how}; " \
           f"reply: {first_line(s)}"


def attack_slowloris(server, scale, count=100, seconds=60):
    socks = [connect(server) for _ in range(count)]
    start = time.time()
    alive = count
    while time.time() - start < seconds:
        alive = 0
        for s in socks:
            try:
                s.sendall(b"G")
                alive += 1
            except OSError:
                pass
        if alive == 0:
            break
        time.sleep(5)
    took = time.time() - start
    ok = server.health()
    for s in socks:
        s.close()
    return f"{count} slowloris connections (a byte every 5 s): {alive} still open after " \
           f"{took:.0f} s; health during: {'ok' if ok else 'no answer'}"


def attack_half_body(server, scale, seconds=70):
    s = connect(server)
    s.sendall(b"POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Authorization: Bearer " + server.token.encode() + b"\r\nContent-Length: 1000\r\n\r\n{")
    s.settimeout(seconds)
    start = time.time()
    try:
        data = s.recv(200)
        end = data.split(b"\r\n", 1)[0].decode() or "(EOF)"
    except socket.timeout:
        end = "still open"
    return f"body announced (1000 B), 1 B sent, valid token: {end} after {time.time() - start:.0f} s"


def attack_descriptors(server, scale, bursts=3, count=300):
    results = []
    for _ in range(bursts):
        socks = []
        for _ in range(count):
            try:
                socks.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
            except OSError:
                pass
        time.sleep(1)
        for s in socks:
            s.close()
        start = time.time()
        ok = False
        while time.time() - start < 20 and not ok:
            ok = server.health(timeout=2)
        results.append(f"{time.time() - start:.1f} s" if ok else "never (20 s)")
    return f"{bursts} bursts of {count} idle connections under nofile=200: health after each: " \
           + ", ".join(results)


def attack_wrong_tokens(server, scale, count=2000):
    s = connect(server)
    statuses = {}
    start = time.time()
    for i in range(count):
        s.sendall(b"GET /v1/whoami HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong%d\r\n\r\n" % i)
        data = b""
        while b"\r\n\r\n" not in data:
            part = s.recv(4096)
            if not part:
                break
            data += part
        if not data:
            s = connect(server)
            continue
        status = data.split(b" ", 2)[1].decode()
        length = int(data.split(b"Content-Length: ", 1)[1].split(b"\r\n", 1)[0])
        body = data.split(b"\r\n\r\n", 1)[1]
        while len(body) < length:
            body += s.recv(4096)
        statuses[status] = statuses.get(status, 0) + 1
        if b"Connection: close" in data:
            s = connect(server)
    took = time.time() - start
    return f"{count} wrong tokens in {took:.2f} s: " + ", ".join(
        f"{n} x {st}" for st, n in sorted(statuses.items()))


def attack_log_forgery(server, scale):
    s = connect(server)
    s.sendall(b"GET /v1/x%0A2026-01-01T00:00:00.000Z%20GET%20/v1/admin%20200 HTTP/1.1\r\n"
              b"Host: x\r\nConnection: close\r\n\r\n")
    first_line(s)
    time.sleep(0.3)
    server.log.flush()
    with open(server.log.name) as f:
        lines = f.read().splitlines()
    forged = [l for l in lines if l.startswith("2026-01-01")]
    return f"path with %0A: {len(forged)} forged log line(s)"


# --- issue 36: what anyone may ask without a token -----------------------------------------------


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def now_utc():
    t = datetime.datetime.now(datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def http_request(port, method, path, body=None, headers=None, timeout=10, source=None):
    """One request on a connection of its own: (status, seconds); status 0 when it failed."""
    start = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                          source_address=(source, 0) if source else None)
        conn.request(method, path, body=body, headers=headers or {})
        reply = conn.getresponse()
        reply.read()
        conn.close()
        return reply.status, time.monotonic() - start
    except (OSError, http.client.HTTPException):
        return 0, time.monotonic() - start


class Curator:
    """alice with a signing key of her own: signed pushes of one note each, and reads."""

    def __init__(self, server):
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives import serialization
        self.port = server.port
        self.auth = {"Authorization": "Bearer " + server.token}
        self.key = Ed25519PrivateKey.generate()
        public = self.key.public_key().public_bytes(serialization.Encoding.Raw,
                                                    serialization.PublicFormat.Raw)
        self.key_id = hashlib.sha256(public).digest()[:16].hex()
        status, _ = http_request(self.port, "POST", "/v1/keys",
                                 json.dumps({"public_key": b64url(public)}),
                                 dict(self.auth, **{"Content-Type": "application/json"}))
        if status not in (200, 201):
            raise RuntimeError(f"registering the curator's key: HTTP {status}")
        self.count = 0
        self.pushes = []  # (status, seconds)
        self.reads = []

    def event(self):
        self.count += 1
        e = {"id": str(uuid.uuid4()), "record": RECORD, "observation": OBSERVATION,
             "field": "note", "value": f"bench {self.count}", "parents": [], "author": "alice",
             "created_at": now_utc(), "key_id": self.key_id}
        member = lambda text: str(len(text.encode())).encode() + b":" + text.encode() + b"\n"
        canonical = (b"ledger-curator-event-v1\n" + member(e["id"]) + member(e["record"])
                     + member(e["observation"]) + member(e["field"]) + member(e["value"])
                     + b"0\n" + member(e["author"]) + member(e["created_at"])
                     + member(e["key_id"]))
        e["signature"] = b64url(self.key.sign(canonical))
        return e

    def push(self):
        result = http_request(self.port, "POST", "/v1/events",
                              json.dumps({"events": [self.event()]}),
                              dict(self.auth, **{"Content-Type": "application/json"}))
        self.pushes.append(result)
        return result

    def read(self):
        path = "/v1/events?after=0&limit=1000" if len(self.reads) % 2 else "/v1/records"
        result = http_request(self.port, "GET", path, headers=self.auth)
        self.reads.append(result)
        return result

    @staticmethod
    def figures(results, name):
        if not results:
            return f"no {name}"
        ok = [t for st, t in results if 200 <= st < 300]
        median = statistics.median(t for _, t in results)
        return (f"{name} {len(ok)}/{len(results)} ok ({100 * len(ok) / len(results):.0f} %), "
                f"median {median:.2f} s")


def curator_loop(curator, stop, mode, period):
    """Until stop: 'push' every period, or a read then a push, each period apart."""
    step = 0
    while not stop.is_set():
        started = time.monotonic()
        if mode == "push" or step % 2:
            curator.push()
        else:
            curator.read()
        step += 1
        stop.wait(max(0.0, period - (time.monotonic() - started)))


def tiny_body(kind):
    objects = ",".join(['{"pid":11}'] * 700000)
    if kind == "events":
        return ('{"events":[' + objects + "]}").encode()
    return ('{"q0":{"query":"x","properties":[' + objects + "]}}").encode()


def send_body(port, head, body, chunked, results, index):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(head)
        step = 256 * 1024
        try:
            for at in range(0, len(body), step):
                piece = body[at:at + step]
                s.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            if chunked:
                s.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # refused as it came: the reply says why
        results[index] = first_line(s)
        s.close()
    except OSError as e:
        results[index] = f"({e.__class__.__name__})"


def attack_tiny_bodies(binary, args):
    body = {kind: tiny_body(kind) for kind in ("reconcile", "events")}
    cases = [
        ("no token, Content-Length", (), "reconcile", False, False),
        ("no token, chunked", (), "reconcile", True, False),
        ("no token, --open-max-body 8 MiB", ("--open-max-body", "8388608"), "reconcile", False,
         False),
        ("curator's token, POST /v1/events", (), "events", False, True),
    ]
    for label, extra, kind, chunked, token in cases:
        try:
            server = Server(binary, extra)
        except RuntimeError as e:
            print(f"{'tiny-bodies':17} {label}: skipped ({e})", flush=True)
            continue
        try:
            data = body[kind]
            path = b"/v1/events" if kind == "events" else b"/reconcile"
            head = (b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + (b"Authorization: Bearer " + server.token.encode() + b"\r\n" if token else b"")
                    + (b"Transfer-Encoding: chunked\r\n" if chunked
                       else b"Content-Length: %d\r\n" % len(data)) + b"\r\n")
            results = [None] * 16
            threads = [threading.Thread(target=send_body,
                                        args=(server.port, head, data, chunked, results, i))
                       for i in range(16)]
            start = time.time()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            took = time.time() - start
            time.sleep(3)
            replies = {}
            for r in results:
                replies[r] = replies.get(r, 0) + 1
            print(f"{'tiny-bodies':17} peak +{server.peak_mb():7.1f} MB, 3 s after "
                  f"+{server.rss_mb():7.1f} MB, {took:5.1f} s: 16 x {len(data) / MB:.1f} MiB "
                  f"of 700,000 tiny objects, {label}: "
                  + ", ".join(f"{n} x {r}" for r, n in sorted(replies.items(), key=str)),
                  flush=True)
        finally:
            server.close()


def hold_announced(port, head, stop, results, index):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(head)
        s.settimeout(0.5)
        data = b""
        while not stop.is_set():
            try:
                part = s.recv(200)
                if not part:
                    break
                data += part
            except socket.timeout:
                continue
        results[index] = data.split(b"\r\n", 1)[0].decode(errors="replace") or "held"
        s.close()
    except OSError as e:
        results[index] = f"({e.__class__.__name__})"


def attack_announced_bodies(binary, args):
    cases = [
        ("no token, /reconcile", (), False),
        ("no token, /reconcile, --open-max-body 8 MiB", ("--open-max-body", "8388608"), False),
        ("curator's token, POST /v1/events", (), True),
    ]
    for label, extra, token in cases:
        try:
            server = Server(binary, extra, record=True)
        except RuntimeError as e:
            print(f"{'announced-bodies':17} {label}: skipped ({e})", flush=True)
            continue
        try:
            curator = Curator(server)
            path = b"/v1/events" if token else b"/reconcile"
            head = (b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + (b"Authorization: Bearer " + server.token.encode() + b"\r\n" if token else b"")
                    + b"Content-Length: 8388608\r\n\r\n")
            stop = threading.Event()
            results = [None] * 16
            holders = [threading.Thread(target=hold_announced,
                                        args=(server.port, head, stop, results, i))
                       for i in range(16)]
            for t in holders:
                t.start()
            time.sleep(0.5)
            pusher = threading.Thread(target=curator_loop, args=(curator, stop, "push", 1.0))
            pusher.start()
            time.sleep(args.seconds)
            stop.set()
            pusher.join()
            for t in holders:
                t.join()
            held = {}
            for r in results:
                held[r] = held.get(r, 0) + 1
            print(f"{'announced-bodies':17} peak +{server.peak_mb():7.1f} MB, now "
                  f"+{server.rss_mb():7.1f} MB, {args.seconds:5.1f} s: 16 x 8 MiB announced, "
                  f"{label}: {Curator.figures(curator.pushes, 'pushes')}; the 16: "
                  + ", ".join(f"{n} x {r}" for r, n in sorted(held.items(), key=str)),
                  flush=True)
        finally:
            server.close()


WORDS = ("neural network language model training graph quantum learning deep transformer "
         "attention scaling laws protein structure galaxy survey dark matter reinforcement "
         "policy gradient optimization convex sparse regression bayesian inference markov chain "
         "monte carlo spectral clustering kernel methods image segmentation diffusion generative "
         "adversarial robust estimation causal discovery time series forecasting federated "
         "privacy differential equations solver stochastic variational autoencoder contrastive "
         "representation benchmark dataset evaluation efficient inference hardware accelerator "
         "compiler verification theorem proving symbolic reasoning planning robotics control "
         "manipulation navigation speech recognition translation summarization retrieval").split()


def works_csv(path, count=30000, seed=36):
    rng = random.Random(seed)
    titles = []
    with open(path, "w") as f:
        f.write("id,title,authors,year\n")
        for i in range(count):
            title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 11))).capitalize()
            titles.append(title)
            f.write(f"{2001 + i // 10000:04d}.{10000 + i % 10000:05d},{title},"
                    f"A. Author and B. Author,{2015 + i % 10}\n")
    return titles


def flood_client(port, titles, stop, statuses, lock, source, seed):
    rng = random.Random(seed)
    while not stop.is_set():
        batch = {f"q{i}": {"query": rng.choice(titles), "limit": 5} for i in range(50)}
        status, _ = http_request(port, "POST", "/reconcile", json.dumps(batch),
                                 {"Content-Type": "application/json"}, timeout=30, source=source)
        with lock:
            statuses[status] = statuses.get(status, 0) + 1


def attack_reconcile_flood(binary, args):
    with tempfile.TemporaryDirectory() as folder:
        csv = os.path.join(folder, "works.csv")
        titles = works_csv(csv)
        for label, spread in (("40 clients from 127.0.0.1", False),
                              ("40 clients from 127.0.0.2-41", True)):
            server = Server(binary, works=csv, record=True)
            try:
                curator = Curator(server)
                stop = threading.Event()
                statuses = {}
                lock = threading.Lock()
                clients = [threading.Thread(target=flood_client,
                                            args=(server.port, titles, stop, statuses, lock,
                                                  f"127.0.0.{2 + i}" if spread else None, i))
                           for i in range(40)]
                for t in clients:
                    t.start()
                time.sleep(1)
                watcher = threading.Thread(target=curator_loop, args=(curator, stop, "both", 0.5))
                watcher.start()
                time.sleep(args.seconds)
                stop.set()
                watcher.join()
                for t in clients:
                    t.join()
                flood = ", ".join(f"{n} x {st}" for st, n in sorted(statuses.items()))
                print(f"{'reconcile-flood':17} peak +{server.peak_mb():7.1f} MB, now "
                      f"+{server.rss_mb():7.1f} MB, {args.seconds:5.1f} s: {label}, 50-query "
                      f"batches, 30,000 works: {Curator.figures(curator.reads, 'reads')}; "
                      f"{Curator.figures(curator.pushes, 'pushes')}; the flood: {flood}",
                      flush=True)
            finally:
                server.close()


def attack_slow_connections(binary, args, count=1200):
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    server = Server(binary)
    try:
        stop = threading.Event()
        opened = [0]

        def slow():
            sel = selectors.DefaultSelector()
            socks = set()

            def open_one():
                try:
                    s = socket.socket()
                    s.setblocking(False)
                    s.connect_ex(("127.0.0.1", server.port))
                    sel.register(s, selectors.EVENT_READ)
                    socks.add(s)
                    opened[0] += 1
                except OSError:
                    pass
            for _ in range(count):
                open_one()
            last = 0
            while not stop.is_set():
                for key, _ in sel.select(timeout=0.2):
                    s = key.fileobj
                    try:
                        data = s.recv(4096)
                    except OSError:
                        data = b""
                    if not data:  # closed (shed, or timed out): re-opened at once
                        sel.unregister(s)
                        socks.discard(s)
                        s.close()
                        open_one()
                if time.monotonic() - last > 5:  # a byte every 5 s from each
                    last = time.monotonic()
                    for s in list(socks):
                        try:
                            s.send(b"G")
                        except OSError:
                            pass
            for s in socks:
                s.close()

        t = threading.Thread(target=slow)
        t.start()
        time.sleep(2)
        checks = []
        start = time.time()
        while time.time() - start < args.seconds:
            began = time.monotonic()
            checks.append(server.health(timeout=5, source="127.0.0.2"))
            time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))
        stop.set()
        t.join()
        ok = sum(checks)
        print(f"{'slow-connections':17} peak +{server.peak_mb():7.1f} MB, now "
              f"+{server.rss_mb():7.1f} MB, {args.seconds:5.1f} s: {count} slow connections from "
              f"127.0.0.1 re-opened as they close ({opened[0]} opened): health from 127.0.0.2 "
              f"{ok}/{len(checks)} ok ({100 * ok / max(1, len(checks)):.0f} %)", flush=True)
    finally:
        server.close()


def attack_log_flood(binary, args):
    server = Server(binary)
    try:
        stop = threading.Event()
        sent = [0]
        requests = [b"GET /v1/records HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"]

        def loop(i):
            while not stop.is_set():
                try:
                    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                    s.sendall(requests[(sent[0] + i) % len(requests)])
                    s.recv(200)
                    s.close()
                    sent[0] += 1
                except OSError:
                    pass
        before = server.log_bytes()
        threads = [threading.Thread(target=loop, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        stop.set()
        for t in threads:
            t.join()
        time.sleep(1.5)
        grown = server.log_bytes() - before
        print(f"{'log-flood':17} peak +{server.peak_mb():7.1f} MB, now +{server.rss_mb():7.1f} MB, "
              f"{args.seconds:5.1f} s: {sent[0]} token-less requests on new connections (8 "
              f"loops): the log grew by {grown / 1024:.1f} KiB ({grown / args.seconds:.0f} B/s)",
              flush=True)
    finally:
        server.close()


OWN_SERVERS = {
    "tiny-bodies": attack_tiny_bodies,
    "announced-bodies": attack_announced_bodies,
    "reconcile-flood": attack_reconcile_flood,
    "slow-connections": attack_slow_connections,
    "log-flood": attack_log_flood,
}

ATTACKS = {
    "chunked": (attack_chunked, ()),
    "duplicate-length": (attack_duplicate_length, ()),
    "split-headers": (attack_split_headers, ()),
    "slowloris": (attack_slowloris, ()),
    "half-body": (attack_half_body, ()),
    "descriptors": (attack_descriptors, ("nofile",)),
    "wrong-tokens": (attack_wrong_tokens, ()),
    "log-forgery": (attack_log_forgery, ()),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("--only", default="")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(ATTACKS) + list(OWN_SERVERS)
    for name in names:
        if name in OWN_SERVERS:
            OWN_SERVERS[name](args.server, args)
            continue
        if name not in ATTACKS:
            parser.error(f"no attack {name}")
        attack, flags = ATTACKS[name]
        server = Server(args.server, nofile=200 if "nofile" in flags else None)
        try:
            start = time.time()
            result = attack(server, args.scale)
            alive = server.proc.poll() is None
            print(f"{name:17} peak +{server.peak_mb():7.1f} MB, now +{server.rss_mb():7.1f} MB, "
                  f"{time.time() - start:5.1f} s, server {'up' if alive else 'DOWN'}: {result}",
                  flush=True)
        finally:
            server.close()


if __name__ == "__main__":
    main()
