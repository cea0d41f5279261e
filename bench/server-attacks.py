#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile clients against a real ledger-server on loopback, with figures (docs/server-limits.md).

Usage: bench/server-attacks.py SERVER_BINARY [--only NAME,...] [--scale 1.0]

Starts SERVER_BINARY serve on a fresh SQLite database for each attack, runs the attack and prints
one line per attack: the server's peak resident memory above its start (VmHWM - VmRSS at start,
from /proc), how the attack ended, and how long it took. Runs against any build (the one before
the hardening, too), so the figures compare.
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

MB = 1024 * 1024


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


class Server:
    def __init__(self, binary, extra=(), nofile=None):
        self.dir = tempfile.TemporaryDirectory()
        db = os.path.join(self.dir.name, "db.sqlite")
        out = subprocess.run([binary, "token", "add", "alice", "--role", "curator", "--db", db],
                             capture_output=True, text=True, check=True)
        self.token = out.stdout.strip().splitlines()[-1]
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
        self.port = int(line.strip().rsplit(":", 1)[1])
        time.sleep(0.2)
        self.start_rss = status_kb(self.proc.pid, "VmRSS")

    def peak_mb(self):
        return (status_kb(self.proc.pid, "VmHWM") - self.start_rss) / 1024

    def rss_mb(self):
        return (status_kb(self.proc.pid, "VmRSS") - self.start_rss) / 1024

    def health(self, timeout=5):
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
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
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(ATTACKS)
    for name in names:
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
