#!/usr/bin/env python3
"""Remakes the bundled Noto fonts from Debian bookworm's font packages.

    python3 Fonts/subset.py            # downloads the .deb files with apt-get, writes into Fonts/
    python3 Fonts/subset.py --debs DIR # uses fonts-noto-*.deb already in DIR

Needs apt-get, dpkg-deb and fontTools (`pip install fonttools`; made with 4.68.0). Copies
Noto Sans Arabic, Hebrew, Thai and Devanagari (Regular) and Noto Color Emoji unchanged, writes
Symbola-Emoji.ttf (Symbola's emoji and pictograph blocks, monochrome, for the symbols Noto Color
Emoji lacks: mahjong, domino and playing-card tiles, arrows, dingbats) and
NotoSansCJK-Subset.otf: face 0 (Noto Sans CJK JP Regular) of NotoSansCJK-Regular.ttc
cut down to the characters below, with the glyphs its default OpenType features reach
(so `locl` still gives Korean and Chinese forms), without hinting. Then rewrites SHA256SUMS;
FontPatterns.txt is then remade with `CARDRENDER_RECORD=all swift test --filter BundledFontPatternsTests`.

The characters kept, derived from Python's codecs by decoding every valid two-byte code:
KS X 1001 (euc_kr), all 11,172 modern Hangul syllables, Hangul Jamo and compatibility Jamo,
JIS X 0208 (euc_jp, two-byte codes), GB 2312 (gb2312), Big5 (big5, common and less common
sets), kana, CJK symbols and punctuation, full- and half-width forms, and Basic Latin.
"""
import argparse
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tempfile

PACKAGES = ["fonts-noto-cjk", "fonts-noto-core", "fonts-noto-color-emoji", "fonts-symbola"]
COPIED = {
    "NotoSansArabic-Regular.ttf": "usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf": "usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
    "NotoSansThai-Regular.ttf": "usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf": "usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
    "NotoColorEmoji.ttf": "usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
}
EMOJI_SOURCE = "usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
EMOJI_OUTPUT = "Symbola-Emoji.ttf"
# Emoji and pictographic blocks: Mahjong to Symbols and Pictographs Extended-A, Miscellaneous
# Symbols, Dingbats, arrows and the emoji joiners and selectors.
EMOJI_RANGES = [(0x1F000, 0x1FAFF), (0x2190, 0x21FF), (0x2300, 0x23FF), (0x2460, 0x24FF), (0x25A0, 0x27BF),
                (0x2900, 0x297F), (0x2B00, 0x2BFF), (0x200D, 0x200D), (0xFE0E, 0xFE0F), (0x20E3, 0x20E3)]
CJK_SOURCE = "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
CJK_OUTPUT = "NotoSansCJK-Subset.otf"


def two_byte_codes(codec, leads, trails):
    """Every character `codec` decodes from a lead byte in `leads` and a trail byte in `trails`."""
    characters = set()
    for lead in leads:
        for trail in trails:
            try:
                text = bytes([lead, trail]).decode(codec)
            except UnicodeDecodeError:
                continue
            characters.update(ord(c) for c in text)
    return characters


def kept_code_points():
    high = range(0xA1, 0xFF)
    points = set()
    points |= two_byte_codes("euc_kr", high, high)                    # KS X 1001
    points |= two_byte_codes("euc_jp", high, high)                    # JIS X 0208
    points |= two_byte_codes("gb2312", high, high)                    # GB 2312
    points |= two_byte_codes("big5", range(0xA1, 0xFA), list(range(0x40, 0x7F)) + list(high))
    points |= set(range(0xAC00, 0xD7A4))                              # modern Hangul syllables
    points |= set(range(0x1100, 0x1200)) | set(range(0x3130, 0x3190))  # Jamo, compatibility Jamo
    points |= set(range(0x3000, 0x3100))                              # CJK punctuation, kana
    points |= set(range(0x31F0, 0x3200)) | set(range(0xFF00, 0xFFF0))  # kana extension, full/half width
    points |= set(range(0x20, 0x7F))                                  # Basic Latin
    return sorted(p for p in points if p >= 0x20 and not 0xE000 <= p <= 0xF8FF)


def subset_font(source, output, code_points):
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # The source's head.modified date is kept, so the same packages give the same bytes.
    font = TTFont(source, fontNumber=0, lazy=False, recalcTimestamp=False)
    options = subset.Options()
    options.hinting = False
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points)
    subsetter.subset(font)
    font.save(output)


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--debs", type=pathlib.Path, help="folder holding the packages' .deb files")
    arguments = parser.parse_args()
    fonts = pathlib.Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        debs = arguments.debs
        if debs is None:
            debs = scratch / "debs"
            debs.mkdir()
            subprocess.run(["apt-get", "download", *PACKAGES], cwd=debs, check=True)
        tree = scratch / "tree"
        for package in PACKAGES:
            found = sorted(debs.glob(f"{package}_*.deb"))
            if not found:
                sys.exit(f"subset.py: no {package}_*.deb in {debs}")
            subprocess.run(["dpkg-deb", "-x", str(found[-1]), str(tree)], check=True)
        for name, path in COPIED.items():
            shutil.copyfile(tree / path, fonts / name)
        subset_font(tree / CJK_SOURCE, fonts / CJK_OUTPUT, kept_code_points())
        emoji = [p for low, high in EMOJI_RANGES for p in range(low, high + 1)]
        subset_font(tree / EMOJI_SOURCE, fonts / EMOJI_OUTPUT, emoji)
    names = [line.split()[1] for line in (fonts / "SHA256SUMS").read_text().splitlines() if line.strip()]
    names += [n for n in [*COPIED, CJK_OUTPUT, EMOJI_OUTPUT] if n not in names]
    (fonts / "SHA256SUMS").write_text("".join(f"{sha256(fonts / n)}  {n}\n" for n in names))


if __name__ == "__main__":
    main()
