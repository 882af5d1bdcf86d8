#!/usr/bin/env python3
"""The keyboard animation plays in headless Chromium as the spring says.

Draws `keyboard --animate` (APNG and SVG, 1 pixel per point), opens each in headless Chromium
and takes a screenshot at several times: the APNG's frames as Chromium's own decoder times them
(ImageDecoder), the SVG with its SMIL clock paused at that time. In each screenshot the top edge
of the keyboard's overlap (the red line the overlap is drawn with) is found in a column of the
screen and compared with the spring of the catalog (devices.json): at frame k = floor(t * rate)
the keyboard is p(k / rate) of the way from the screen's bottom to where it ends, within 1.5 px,
and higher at the later time. Screenshots are kept in the work folder to look at.

Chromium is driven over its DevTools pipe (--remote-debugging-pipe), so each screenshot is taken
once the page says the frame is drawn, not after a guessed delay. Only the standard library.

Usage: browser-animation.py CARDRENDER WORK_FOLDER   (CHROMIUM names the browser, default chromium)
"""
import base64
import fcntl
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def child_environment(home):
    """What the children rely on, whatever the caller exported: no CARDRENDER_* or CI, one locale,
    one time zone and a writable home of their own."""
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith("CARDRENDER_") and name != "CI"}
    os.makedirs(home, exist_ok=True)
    environment.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC", HOME=home)
    return environment
TIMES = [0.008, 0.058, 0.158, 0.75]  # frame 0, 3, 9, and the last one (held for a second)


def fail(message):
    print(f"browser-animation: {message}", file=sys.stderr)
    sys.exit(1)


def decode_png(data):
    """8-bit RGB or RGBA, not interlaced (what Chromium writes): rows of (r, g, b) tuples."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("a screenshot is not a PNG")
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
        fail(f"unexpected screenshot format (depth {depth}, colour type {colour})")
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return rows


def is_overlap_red(pixel):
    r, g, b = pixel
    return r > 180 and g < 90 and b < 110


class Browser:
    """Chromium over --remote-debugging-pipe: JSON messages ending in NUL on fds 3 (in) and 4 (out)."""

    def __init__(self, executable, profile):
        to_browser, self.write = os.pipe()
        self.read, from_browser = os.pipe()
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
             "--no-first-run", "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
            close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=child_environment(os.path.join(profile, "home")),
            preexec_fn=lambda: self.place(to_browser, from_browser))
        os.close(to_browser)
        os.close(from_browser)
        self.buffer, self.next_id = b"", 0

    @staticmethod
    def place(to_browser, from_browser):
        """In the child: the pipe ends on fds 3 and 4 (copied out of the way first, as either may be 3 or 4)."""
        reading, writing = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
        os.dup2(reading, 3)
        os.dup2(writing, 4)

    def message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.read, 1 << 20)
            if not chunk:
                fail("chromium closed its DevTools pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        request = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            request["sessionId"] = session
        os.write(self.write, json.dumps(request).encode() + b"\0")
        while True:
            answer = self.message()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    fail(f"{method}: {answer['error']}")
                return answer["result"]

    def screenshot(self, url, width, height):
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        self.call("Page.navigate", {"url": url}, session)
        # The page's `ready` promise resolves once the frame is on screen.
        for _ in range(200):
            state = self.call("Runtime.evaluate", {"expression": "typeof window.ready", "returnByValue": True}, session)
            if state["result"].get("value") == "object":
                break
            self.call("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 50))", "awaitPromise": True},
                      session)
        done = self.call("Runtime.evaluate", {"expression": "window.ready", "awaitPromise": True, "returnByValue": True},
                         session)
        if "exceptionDetails" in done:
            fail(f"{url}: {done['exceptionDetails']}")
        shot = self.call("Page.captureScreenshot", {"format": "png"}, session)
        self.call("Target.closeTarget", {"targetId": target})
        return done["result"].get("value"), base64.b64decode(shot["data"])

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        self.process.wait(timeout=30)


APNG_PAGE = """<!doctype html><html><body style="margin:0;background:#fff"><canvas id="c"></canvas><script>
window.ready = (async () => {
  const t = TIME * 1e6;
  const data = await (await fetch("data:image/png;base64,DATA")).arrayBuffer();
  const decoder = new ImageDecoder({data, type: "image/png"});
  await decoder.tracks.ready;
  const count = decoder.tracks.selectedTrack.frameCount;
  for (let i = 0; i < count; i++) {
    const {image} = await decoder.decode({frameIndex: i, completeFramesOnly: true});
    if ((t >= image.timestamp && t < image.timestamp + image.duration) || i == count - 1) {
      const canvas = document.getElementById("c");
      canvas.width = image.displayWidth; canvas.height = image.displayHeight;
      canvas.getContext("2d").drawImage(image, 0, 0);
      await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
      return i;
    }
    image.close();
  }
})();
</script></body></html>"""

SVG_PAGE = """<!doctype html><html><body style="margin:0;background:#fff">SVG<script>
window.ready = (async () => {
  const svg = document.querySelector("svg");
  const box = svg.viewBox.baseVal;
  svg.setAttribute("width", box.width); svg.setAttribute("height", box.height);
  svg.style.display = "block";
  svg.pauseAnimations();
  svg.setCurrentTime(TIME);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return [...svg.querySelectorAll("g[id^=frame]")].findIndex(g => getComputedStyle(g).display != "none");
})();
</script></body></html>"""


def main():
    if len(sys.argv) != 3:
        fail("usage: browser-animation.py CARDRENDER WORK_FOLDER")
    cardrender, work = sys.argv[1], os.path.abspath(sys.argv[2])
    chromium = shutil.which(os.environ.get("CHROMIUM", "chromium"))
    if not chromium:
        fail("chromium is not installed (make test-deps installs it)")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    subprocess.run([cardrender, "keyboard", "--animate", "--format", "png,svg", "--scale", "1", "--out", work],
                   check=True, stdout=subprocess.DEVNULL, env=child_environment(os.path.join(work, "home")))
    name = os.path.join(work, "iphone-8-portrait-bottom-offset-animated")
    with open(os.path.join(ROOT, "Sources/KeyboardDiagrams/Resources/devices.json")) as catalog:
        animation = json.load(catalog)["animation"]
    omega = math.sqrt(animation["springStiffness"]["value"] / animation["springMass"]["value"])
    rate = animation["frameRate"]["value"]

    def progress(t):
        return 0 if t <= 0 else 1 - (1 + omega * t) * math.exp(-omega * t)

    with open(name + ".png", "rb") as file:
        apng = file.read()
    width, height = struct.unpack(">II", apng[16:24])
    with open(name + ".svg") as file:
        svg = file.read().split("?>", 1)[1]
    pages = {
        "apng": lambda t: APNG_PAGE.replace("TIME", repr(t)).replace("DATA", base64.b64encode(apng).decode()),
        "svg": lambda t: SVG_PAGE.replace("TIME", repr(t)).replace("SVG", svg, 1),
    }
    browser = Browser(chromium, os.path.join(work, "profile"))
    try:
        for kind, page in pages.items():
            tops = []
            for t in TIMES:
                path = os.path.join(work, f"{kind}-{int(t * 1000):03d}ms.html")
                with open(path, "w") as file:
                    file.write(page(t))
                frame, shot = browser.screenshot("file://" + path, width, height)
                with open(path[:-5] + ".png", "wb") as file:
                    file.write(shot)
                tops.append((t, frame, decode_png(shot)))
            check(kind, tops, progress, rate)
    finally:
        browser.close()


def check(kind, shots, progress, rate):
    """The keyboard's top in each screenshot against the spring, measured from the last one."""
    rows = shots[-1][2]
    # The column: just inside the screen's left edge, where the overlap's red line starts.
    red = [(x, y) for y, row in enumerate(rows) for x, pixel in enumerate(row) if is_overlap_red(pixel)]
    if not red:
        fail(f"{kind}: the last frame shows no keyboard")
    column = min(x for x, _ in red) + 2
    end = next(y for y, row in enumerate(rows) if is_overlap_red(row[column]))
    # Where the keyboard starts: the screen's bottom edge, where the device's dark bezel begins.
    bottom = next(y for y in range(end, len(rows)) if max(rows[y][column]) < 60)
    for t, frame, rows in shots:
        k = min(math.floor(t * rate + 1e-9), math.ceil(0.5 * rate))
        if frame != k:
            fail(f"{kind}: at {t} s Chromium shows frame {frame}, not frame {k}")
        expected = bottom - (bottom - end) * progress(k / rate)
        found = next((y for y, row in enumerate(rows) if is_overlap_red(row[column])), None)
        if found is None:
            if bottom - expected > 1.5:
                fail(f"{kind}: at {t} s no keyboard on screen; the spring has its top at {expected:.1f} px")
            print(f"{kind}: t = {t:.3f} s, frame {frame}: keyboard below the screen, as the spring says")
            continue
        if abs(found - expected) > 1.5:
            fail(f"{kind}: at {t} s the keyboard's top is at {found} px; the spring says {expected:.1f} px")
        print(f"{kind}: t = {t:.3f} s, frame {frame}: keyboard top {found} px (spring: {expected:.1f} px)")
    tops = [next((y for y, row in enumerate(rows) if is_overlap_red(row[column])), 10**9) for _, _, rows in shots]
    if not all(later < earlier for earlier, later in zip(tops, tops[1:])):
        fail(f"{kind}: the keyboard does not rise from one screenshot to the next: {tops}")


if __name__ == "__main__":
    main()
