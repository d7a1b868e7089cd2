#!/usr/bin/env python3
"""Drives a page written by `spinrun --html` in headless Chromium over the DevTools protocol
(PyPI's websocket-client), for Tests/SpinrunTests/HTMLViewerTests.swift.

    driver.py interact CHROMIUM PAGE      real key presses, a click on the slider and on the event
                                          list; prints `what: data-step` a line
    driver.py locate CHROMIUM PAGE STEP ID WIDTH HEIGHT
                                          the box of the element ID's first shape at STEP, in a
                                          WIDTHxHEIGHT window: `left top width height` (CSS pixels)
    driver.py pixel PNG X Y               the PNG's size and the colour at (X, Y): `WxH r,g,b`
                                          (a PNG reader of the standard library's zlib alone)
    driver.py timing CHROMIUM PAGE        how long the page takes to load (navigation start to the
                                          load event, which follows the first render) and to move
                                          to the last step (the End key); Benchmarks/viewer
"""
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

import websocket


class Browser:
    """A headless Chromium with a DevTools port, and a websocket to its page."""

    def __init__(self, chromium, url, width=1280, height=800):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.profile = tempfile.mkdtemp(prefix="viewer-driver-")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-port=%d" % port, "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height), url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        targets = None
        while time.time() < deadline:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/json" % port, timeout=2) as answer:
                    targets = [t for t in json.load(answer) if t.get("type") == "page"]
                if targets:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        if not targets:
            self.close()
            raise SystemExit("chromium gave no page on its DevTools port")
        self.socket = websocket.create_connection(targets[0]["webSocketDebuggerUrl"], timeout=30)
        self.next_id = 0
        self.wait_for("document.readyState === 'complete' && document.body.hasAttribute('data-active')")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit("%s: %s" % (method, message["error"]))
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression):
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise SystemExit("timed out waiting for " + expression)

    def step(self):
        return self.evaluate("document.body.getAttribute('data-step')")

    def key(self, key, code, keycode):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code,
                      windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode)

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def box(self, selector):
        return self.evaluate(
            "(function(){var r=document.querySelector(%s).getBoundingClientRect();"
            "return [r.left,r.top,r.width,r.height];})()" % json.dumps(selector))

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def interact(chromium, page):
    browser = Browser(chromium, "file://" + os.path.abspath(page))
    try:
        print("loaded: " + browser.step())
        # The keyboard on the page (the body has the focus): End, Left, Home, Right.
        browser.key("End", "End", 35)
        print("End: " + browser.step())
        browser.key("ArrowLeft", "ArrowLeft", 37)
        print("ArrowLeft: " + browser.step())
        browser.key("Home", "Home", 36)
        print("Home: " + browser.step())
        browser.key("ArrowRight", "ArrowRight", 39)
        print("ArrowRight: " + browser.step())
        # A click on the slider's track, three quarters along: the slider says where it went.
        left, top, width, height = browser.box("#slider")
        browser.click(left + width * 0.75, top + height / 2)
        print("slider click moved: %s" % (browser.step() == browser.evaluate("document.getElementById('slider').value")
                                          and browser.step() not in ("0", "1")))
        # The slider has the focus now: its own arrow keys move it.
        before = int(browser.step())
        browser.key("ArrowRight", "ArrowRight", 39)
        print("slider ArrowRight: %d" % (int(browser.step()) - before))
        # A click on the event list's row of step 3.
        browser.key("Home", "Home", 36)
        left, top, width, height = browser.box("#events tr[data-step='3']")
        browser.click(left + width / 2, top + height / 2)
        print("event row 3: " + browser.step())
        print("hash: " + browser.evaluate("location.hash"))
    finally:
        browser.close()


def locate(chromium, page, step, element, width, height):
    browser = Browser(chromium, "file://%s#step=%s" % (os.path.abspath(page), step), int(width), int(height))
    try:
        box = browser.evaluate(
            "(function(){var g=document.getElementById(%s);var s=g&&g.querySelector('ellipse,polygon');"
            "if(!s)return null;var r=s.getBoundingClientRect();return [r.left,r.top,r.width,r.height];})()" % json.dumps(element))
        print(" ".join("%.1f" % v for v in box) if box else "none")
    finally:
        browser.close()


def timing(chromium, page):
    browser = Browser(chromium, "file://" + os.path.abspath(page))
    try:
        loaded = browser.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        start = time.time()
        browser.key("End", "End", 35)
        step = browser.step()
        moved = (time.time() - start) * 1000
        print("load: %.0f ms" % loaded)
        print("End: step %s in %.0f ms (round trip over the DevTools protocol included)" % (step, moved))
    finally:
        browser.close()


def pixel(path, x, y):
    """Reads an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit("unsupported PNG: depth %d colour type %d interlace %d" % (depth, colour, interlace))
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    x, y = int(x), int(y)
    r, g, b = rows[y][x * channels:x * channels + 3]
    print("%dx%d %d,%d,%d" % (width, height, r, g, b))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "interact" and len(sys.argv) == 4:
        interact(sys.argv[2], sys.argv[3])
    elif command == "locate" and len(sys.argv) == 8:
        locate(*sys.argv[2:])
    elif command == "timing" and len(sys.argv) == 4:
        timing(sys.argv[2], sys.argv[3])
    elif command == "pixel" and len(sys.argv) == 5:
        pixel(*sys.argv[2:])
    else:
        raise SystemExit(__doc__)
