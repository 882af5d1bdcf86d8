#!/usr/bin/env python3
"""`cardrender preview` in headless Chromium: the cards appear, a saved CSV row updates its card
on the page without a reload (and no other card), an error in the data shows over the last good
cards and clears when fixed, the zoom shows a card at print size, the back switch shows the
back, and the server answers no path outside its own pages and images.

Chromium is driven over --remote-debugging-pipe as browser-animation.py drives it (its Browser
class, imported). Screenshots stay in the work folder to look at (docs/preview-*.png in the README
are copies of them). Only the standard library.

Usage: browser-preview.py CARDRENDER WORK_FOLDER   (CHROMIUM names the browser, default chromium)
"""
import http.client
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("browser_animation", os.path.join(ROOT, "Tests/Outside/browser-animation.py"))
animation = importlib.util.module_from_spec(spec)
spec.loader.exec_module(animation)
# The page reads cards.json after every change the server announces; a save must show within this.
UPDATE_SECONDS = 10


def fail(message):
    print(f"browser-preview: {message}", file=sys.stderr)
    sys.exit(1)


animation.fail = fail


class Preview:
    """`cardrender preview` in the background, its output lines collected."""

    def __init__(self, cardrender, folder, home):
        self.process = subprocess.Popen(
            [cardrender, "preview", "front.yaml", "--data", "cards.csv", "--back", "back.yaml", "--dpi", "96"],
            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=animation.child_environment(home))
        self.lines, self.url = [], None
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                if self.url is None and "http://" in line:
                    self.url = line[line.index("http://"):].split()[0]
                    ready.set()
            ready.set()
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120) or self.url is None:
            self.process.kill()
            fail(f"the preview did not start: {self.process.stderr.read()}")
        self.host, self.port = self.url[len("http://"):].rstrip("/").split(":")

    def raw(self, target):
        """The status and body of a GET of `target` sent exactly as written (no path clean-up)."""
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=10)
        connection.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", f"{self.host}:{self.port}")
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("the preview did not stop within 10 s of Ctrl-C")


def answer(preview, request):
    """What the server sends back to raw request bytes before it closes (b"" when it answers nothing)."""
    with socket.create_connection((preview.host, int(preview.port)), timeout=10) as connection:
        connection.sendall(request)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
                if b"\r\n\r\n" in received:
                    break
        except (ConnectionResetError, TimeoutError):
            pass
        return received


def check_limits(preview):
    """A path over its bound is refused with 414; idle connections do not keep others from being served."""
    host = f"Host: {preview.host}:{preview.port}\r\n".encode()
    if not answer(preview, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + host + b"\r\n").startswith(b"HTTP/1.1 414"):
        fail("a 9 kB path was not refused with 414")
    idle = [socket.create_connection((preview.host, int(preview.port)), timeout=10) for _ in range(64)]
    time.sleep(0.3)
    try:
        if not answer(preview, b"GET /cards.json HTTP/1.1\r\n" + host + b"\r\n").startswith(b"HTTP/1.1 200"):
            fail("a request beside 64 idle connections was not served")
    finally:
        for connection in idle:
            connection.close()
    print("browser-preview: a 9 kB path is refused with 414; 64 idle connections keep no one waiting")


def save(path, text):
    """As an editor saves: a new file renamed over the old one."""
    with open(path + ".saving", "w") as file:
        file.write(text)
    os.replace(path + ".saving", path)


class Page:
    def __init__(self, browser, url):
        self.browser = browser
        self.target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 860, "deviceScaleFactor": 1, "mobile": False}, self.session)
        browser.call("Page.navigate", {"url": url}, self.session)

    def evaluate(self, expression):
        answer = self.browser.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                        "returnByValue": True}, self.session)
        if "exceptionDetails" in answer:
            fail(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def wait(self, condition, what, seconds=UPDATE_SECONDS):
        """Seconds until the JavaScript `condition` holds, checked each animation frame."""
        waited = self.evaluate(f"""new Promise(resolve => {{
            const start = performance.now();
            const check = () => {{
              let ok = false; try {{ ok = Boolean({condition}); }} catch (e) {{}}
              if (ok) resolve((performance.now() - start) / 1000);
              else if (performance.now() - start > {seconds * 1000}) resolve(-1);
              else requestAnimationFrame(check);
            }};
            check();
        }})""")
        if waited < 0:
            fail(f"{what} did not happen within {seconds} s")
        return waited

    def screenshot(self, path):
        # Two frames, so what changed last is drawn.
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        shot = self.browser.call("Page.captureScreenshot", {"format": "png"}, self.session)
        with open(path, "wb") as file:
            file.write(animation.base64.b64decode(shot["data"]))


ALL_LOADED = ("[...document.querySelectorAll('#cards figure img')].length === COUNT && "
              "[...document.querySelectorAll('#cards figure img')].every(i => i.complete && i.naturalWidth > 0)")


def versions(page):
    return page.evaluate("Object.fromEntries([...document.querySelectorAll('#cards figure')]"
                         ".map(f => [f.dataset.name, f.dataset.version]))")


def main():
    if len(sys.argv) != 3:
        fail("usage: browser-preview.py CARDRENDER WORK_FOLDER")
    cardrender, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    chromium = shutil.which(os.environ.get("CHROMIUM", "chromium"))
    if not chromium:
        fail("chromium is not installed (make test-deps installs it)")
    shutil.rmtree(work, ignore_errors=True)
    game = os.path.join(work, "game")
    shutil.copytree(os.path.join(ROOT, "docs/examples/game"), game)
    csv_path = os.path.join(game, "cards.csv")
    with open(csv_path) as file:
        rows = file.read()
    count = len(rows.strip().splitlines()) - 1
    with open(os.path.join(work, "outside.txt"), "w") as file:
        file.write("outside the preview")
    os.symlink(os.path.join(work, "outside.txt"), os.path.join(game, "link.png"))

    preview = Preview(cardrender, game, os.path.join(work, "home"))
    browser = None
    try:
        for target in ["/../cards.csv", "/%2e%2e/%2e%2e/outside.txt", "/cards/..%2f..%2fcards.csv", "/cards/%2e%2e/0.png",
                       "//etc/passwd", "/etc/passwd", f"http://{preview.host}:{preview.port}/../outside.txt",
                       "/link.png", "/cards/link.png", "/front.yaml", "/cards.csv", "/" + "a" * 1000]:
            status, body = preview.raw(target)
            if status < 400 or b"outside the preview" in body or b"Fireball" in body:
                fail(f"GET {target[:60]} answered {status}: {body[:80]!r}")
        print(f"browser-preview: 12 requests outside the page refused ({preview.url})")
        check_limits(preview)

        browser = animation.Browser(chromium, os.path.join(work, "profile"))
        page = Page(browser, preview.url)
        seconds = page.wait(ALL_LOADED.replace("COUNT", str(count)), f"{count} cards loading", seconds=60)
        print(f"browser-preview: {count} cards shown after {seconds:.2f} s")
        page.screenshot(os.path.join(work, "preview-cards.png"))

        before = versions(page)
        edited = rows.replace("02,Fireball,", "02,Firestorm,")
        started = time.monotonic()
        save(csv_path, edited)
        page.wait("[...document.querySelectorAll('#cards figure')].some(f => f.dataset.name === '02-Firestorm' && "
                  "f.querySelector('img').complete && f.querySelector('img').naturalWidth > 0 && "
                  "f.querySelector('img').src.includes('v=' + f.dataset.version))", "the edited card's update")
        print(f"browser-preview: the edited card updated on the page {1000 * (time.monotonic() - started):.0f} ms after the save")
        after = versions(page)
        changed = sorted(name for name in after if before.get(name) != after[name])
        if changed != ["02-Firestorm"]:
            fail(f"a one-row edit changed these cards on the page: {changed}")
        if page.evaluate("document.querySelectorAll('#cards figure').length") != count:
            fail("the page lost cards on an edit")
        page.screenshot(os.path.join(work, "preview-edited.png"))

        save(csv_path, edited + '99,"Broken,Spell,fire,flame,#c8461b,1,,x,,1\n')
        page.wait("!document.getElementById('error').hidden", "the error message")
        message = page.evaluate("document.getElementById('error').textContent")
        if "cards.csv:" not in message or "\n" in message:
            fail(f"the page's error is not one line at cards.csv: {message!r}")
        if page.evaluate("document.querySelectorAll('#cards figure').length") != count:
            fail("the last good cards are not shown under the error")
        print(f"browser-preview: error shown over the last good cards: {message}")
        page.screenshot(os.path.join(work, "preview-error.png"))
        save(csv_path, edited)
        page.wait("document.getElementById('error').hidden", "the error clearing")
        print("browser-preview: the error cleared when the file was fixed")

        page.evaluate("document.querySelector('#cards figure').click()")
        page.wait("!document.getElementById('zoom').hidden", "the zoom")
        width = page.evaluate("document.getElementById('zoom-image').getBoundingClientRect().width")
        if abs(width - 2.5 * 96) > 1:
            fail(f"the zoomed card is {width} CSS px wide, not 2.5 in (240 px)")
        page.screenshot(os.path.join(work, "preview-zoom.png"))
        page.evaluate("document.getElementById('zoom').click()")

        page.evaluate("(() => { const box = document.getElementById('show-back'); box.click(); })()")
        page.wait("[...document.querySelectorAll('#cards figure img')].every(i => i.src.includes('/backs/') && i.complete)",
                  "the back switch")
        page.evaluate("document.getElementById('show-back').click()")
        page.evaluate("(() => { const f = document.getElementById('filter'); f.value = 'fire'; "
                      "f.dispatchEvent(new Event('input')); })()")
        shown = page.evaluate("[...document.querySelectorAll('#cards figure')].filter(f => !f.hidden).length")
        if not 0 < shown < count:
            fail(f"the filter 'fire' shows {shown} of {count} cards")
        page.screenshot(os.path.join(work, "preview-filter.png"))
        print(f"browser-preview: zoom at print size, back switch, filter ({shown} of {count} cards) work")
    finally:
        if browser:
            browser.close()
        status = preview.stop()
    if status != 0:
        fail(f"the preview exited with {status} after Ctrl-C: {preview.process.stderr.read()}")
    print("browser-preview: Ctrl-C stopped the server cleanly; screenshots in " + work)


if __name__ == "__main__":
    main()
