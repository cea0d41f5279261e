#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile servers against `ledger-curator sync`, with figures (docs/sync-client.md, "Limits").

Usage: bench/client-attacks.py CLI_BINARY [--only NAME,...] [--gigabytes 3] [--give-up 60]
                               [-- EXTRA SYNC OPTIONS...]

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
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    attacks = ["huge", "chunked", "nolength", "dribble"]
    chosen = [a for a in attacks if not args.only or a in args.only.split(",")]
    total = int(args.gigabytes * 1024 * MB)
    for attack in chosen:
        run(args.cli, attack, total, args.give_up, extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
