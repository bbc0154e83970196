"""Renders degraded MRZ line images with their text, for training the MRZ line recogniser (train.py).

Every sample is drawn here, from Debian's `fonts-ocr-b` (`OCR B`, public domain, Matthew Skala 2012; ICAO Doc 9303
Part 3 §4.2 prescribes OCR-B size 1 for the MRZ): no image of any data set is read, so the model is trained on none
of the images it is evaluated on (`npm run eval:document`).

A sample is one line crop as the engine cuts it (functions/engines/document/ocr/mrzNet/): grey (the brightest of the
R, G, B channels), 32 px high, its width following the line. The text is a whole TD1, TD2 or TD3 line with fields
drawn at random (random letters, not names, so that the model learns glyphs rather than spellings), a piece of one,
or a random run of MRZ characters. Degradations, each drawn at random: letter spacing and width (cards set their MRZ
letter-spaced), text and background colours, guilloche-like curves, a neighbouring MRZ line cut by the crop, a tilt
of up to 2 degrees, perspective (one end of the line up to 35% smaller, from the second training run on), the crop's margins, a capital height of 4-28 px at capture (a passport page photographed 450 px
wide has 5-6 px capitals), Gaussian blur, sensor noise, JPEG compression, glare.

Mode (fourth argument): `ocrb` (the default, every line in OCR-B, as the shipped model's lines were drawn) or `mixed`
(twenty-eighth session): half the lines in OCR-B, the other half in one of the monospaced faces of `MIXED_FONTS`
(FreeMono regular and bold, Noto Mono, Noto Sans Mono regular and bold, Inconsolata, from Debian's
`fonts-freefont-ttf`, `fonts-noto-mono` and `fonts-inconsolata`), each at its own
advance width: documents drawn or printed in another monospaced face than OCR-B (specimens, other generators).
DejaVu Sans Mono and Liberation Mono are left out, and so is Hack (drawn from the same Bitstream Vera as DejaVu), to
measure the model on faces it never saw.

`small` (thirtieth session): every line in OCR-B, and 70% of them captured as in a thumbnail: capitals of 3.5-9 px
(a TD3 page shrunk to about 250-700 px wide), shrunk by one of the scalers web pages and phones use (bilinear, box,
Lanczos, bicubic), blurred less often (the shrinking already softens them) and always JPEG-compressed (quality
30-85); the other 30% are drawn as `ocrb` draws them.

`blurred` (sixty-third session): every line in OCR-B, 60% of them captured blurred far beyond the other modes'
0.2-1.1 px: a Gaussian blur of 0.08-0.25 capital heights (a page 400-1000 px wide blurred by 2-2.5 px puts 0.1-0.3
capital heights on its MRZ), a quarter of these also smeared along the line by 0.15-0.6 character pitches; the other
40% are drawn as `ocrb` draws them.

Usage: /usr/bin/python3 render.py OUT.npz COUNT SEED [ocrb|mixed|small|blurred]
"""

import io
import math
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
FONT_PATH = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
FONT_PX = 48
# Advance of every OCR-B glyph in em (test/unit/engines/document/ocrbMetrics.test.ts measures it).
ADVANCE_EM = 0.718
HEIGHT = 32
# Monospaced faces of the `mixed` lines besides OCR-B (Debian packages in the module docstring).
MIXED_FONTS = [
    "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
    "/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf",
    "/usr/share/fonts/truetype/inconsolata/Inconsolata.otf",
]


def word(rng, lo, hi):
    return "".join(rng.choice(LETTERS) for _ in range(rng.randint(lo, hi)))


def alnum(rng, n, filler=0.1):
    return "".join("<" if rng.random() < filler else rng.choice(LETTERS + DIGITS * 2) for _ in range(n))


def digits(rng, n):
    return "".join(rng.choice(DIGITS) for _ in range(n))


def pad(text, n):
    return (text + "<" * n)[:n]


def names(rng, n):
    surname = "<".join(word(rng, 2, 9) for _ in range(rng.choice([1, 1, 1, 2])))
    given = "<".join(word(rng, 2, 8) for _ in range(rng.choice([1, 1, 2, 2, 3])))
    return pad(surname + "<<" + given, n)


def state(rng):
    return word(rng, 3, 3) if rng.random() < 0.9 else rng.choice(["D<<", "GBD", "UNO", "XXA"])


def sex(rng):
    return rng.choice("MFX<" if rng.random() < 0.1 else "MF")


def mrz_line(rng):
    """A whole MRZ line of a random format, fields drawn at random (ICAO Doc 9303 Parts 4-6 layouts)."""
    kind = rng.randrange(8)
    if kind == 0:  # TD3 line 1
        return rng.choice(["P<", "P" + rng.choice(LETTERS), "V<"]) + state(rng) + names(rng, 39)
    if kind == 1:  # TD3 line 2
        optional = alnum(rng, rng.randint(0, 14), 0.05) if rng.random() < 0.5 else ""
        return (alnum(rng, 9, 0.05) + digits(rng, 1) + state(rng) + digits(rng, 7) + sex(rng) + digits(rng, 7)
                + pad(optional, 14) + digits(rng, 2))
    if kind == 2:  # TD1 line 1
        return pad(rng.choice(["I<", "ID", "IR", "AC", "C<", "I" + rng.choice(LETTERS)]) + state(rng)
                   + alnum(rng, 9, 0.05) + digits(rng, 1) + alnum(rng, rng.randint(0, 15), 0.2), 30)
    if kind == 3:  # TD1 line 2
        return (digits(rng, 7) + sex(rng) + digits(rng, 7) + state(rng)
                + pad(alnum(rng, rng.randint(0, 11), 0.2), 11) + digits(rng, 1))
    if kind == 4:  # TD1 line 3
        return names(rng, 30)
    if kind == 5:  # TD2 line 1
        return rng.choice(["I<", "ID", "AC", "P<", "V<"]) + state(rng) + names(rng, 31)
    if kind == 6:  # TD2 line 2
        return (alnum(rng, 9, 0.05) + digits(rng, 1) + state(rng) + digits(rng, 7) + sex(rng) + digits(rng, 7)
                + pad(alnum(rng, rng.randint(0, 7), 0.1), 7) + digits(rng, 1))
    # a random run of MRZ characters with filler runs
    out = ""
    while len(out) < rng.randint(8, 44):
        out += "<" * rng.randint(1, 6) if rng.random() < 0.3 else alnum(rng, rng.randint(1, 8), 0)
    return out


def line_text(rng):
    line = mrz_line(rng)
    if rng.random() < 0.55:
        # a piece of a line: the model is trained mostly on pieces (cheaper) and reads whole lines with the same
        # convolutions; anchors the detector cut short are pieces too
        n = rng.randint(6, min(26, len(line)))
        start = rng.randint(0, len(line) - n)
        line = line[start:start + n]
    return line


def light_colour(rng):
    base = rng.randint(150, 255)
    return tuple(max(0, min(255, base + rng.randint(-60, 30))) for _ in range(3))


def dark_colour(rng):
    base = rng.randint(0, 90)
    return tuple(max(0, min(255, base + rng.randint(-25, 25))) for _ in range(3))


class Face:
    """A font at FONT_PX with its advance (em) and capital height (px)."""

    def __init__(self, path, advance_em=None):
        self.font = ImageFont.truetype(path, FONT_PX)
        self.advance_em = advance_em if advance_em is not None else self.font.getlength("0") / FONT_PX
        box = self.font.getbbox("H", anchor="ls")
        self.cap = box[3] - box[1]


def draw_text(draw, font, text, x0, baseline, pitch, colour, rng, jitter):
    for i, ch in enumerate(text):
        x = x0 + i * pitch + rng.gauss(0, jitter * pitch)
        y = baseline + rng.gauss(0, jitter * FONT_PX * 0.5)
        draw.text((x, y), ch, font=font, fill=colour, anchor="ls")


def render(rng, face, thumbnails=False, blurred=False):
    font, cap = face.font, face.cap
    text = line_text(rng)
    pitch = FONT_PX * face.advance_em * rng.uniform(0.95, 1.5 if rng.random() < 0.3 else 1.12)
    crop_h = cap / rng.uniform(0.38, 0.8)
    margin_l = rng.uniform(0.05, 2.0) * pitch
    margin_r = rng.uniform(0.05, 2.0) * pitch
    width = int(margin_l + len(text) * pitch + margin_r)
    height = int(crop_h * 3)
    bg = light_colour(rng)
    image = Image.new("RGB", (width, height), bg)
    draw = ImageDraw.Draw(image)
    # background: a gradient band and guilloche-like curves
    for _ in range(rng.randint(0, 7)):
        colour = tuple(max(0, min(255, c + rng.randint(-90, 10))) for c in bg)
        amp, period, phase = rng.uniform(2, height / 3), rng.uniform(40, 400), rng.uniform(0, 6.3)
        y0 = rng.uniform(0, height)
        points = [(x, y0 + amp * math.sin(phase + x * 2 * math.pi / period)) for x in range(0, width + 8, 8)]
        draw.line(points, fill=colour, width=rng.randint(1, 3))
    baseline = height / 2 + cap / 2
    colour = dark_colour(rng)
    jitter = rng.uniform(0, 0.03)
    draw_text(draw, font, text, margin_l, baseline, pitch, colour, rng, jitter)
    # neighbouring MRZ lines at the ICAO line pitch (6 lines per inch with 2.4 mm capitals: about 1.8 capitals)
    line_pitch = cap * rng.uniform(1.6, 2.2)
    for sign in (-1, 1):
        if rng.random() < 0.6:
            other = mrz_line(rng)
            shift = rng.choice([0, 0, rng.uniform(-3, 3) * pitch])
            draw_text(draw, font, other, margin_l + shift - rng.randint(0, 5) * pitch, baseline + sign * line_pitch,
                      pitch, colour, rng, jitter)
    # tilt, then crop the line band
    angle = rng.uniform(-2, 2) if rng.random() < 0.7 else 0
    image = image.rotate(angle, resample=Image.BILINEAR, fillcolor=bg)
    if rng.random() < 0.35:
        # perspective: one end of the line seen smaller (a page photographed obliquely, its far edge up to 35%
        # shorter; cropped to the line's own band, the near end's capitals stay `cap` high)
        k = rng.uniform(0.65, 0.97)
        w, h = image.size
        lo, hi = h / 2 - h * k / 2, h / 2 + h * k / 2
        # QUAD maps the output's corners (upper left, lower left, lower right, upper right) to these source points
        quad = (0, 0, 0, h, w, hi, w, lo) if rng.random() < 0.5 else (0, lo, 0, hi, w, h, w, 0)
        image = image.transform((w, h), Image.QUAD, quad, resample=Image.BILINEAR, fillcolor=bg)
    offset = rng.uniform(-0.12, 0.12) * crop_h
    top = height / 2 - crop_h / 2 + offset
    image = image.crop((0, int(top), width, int(top + crop_h)))
    # capture: capitals of `target` px, blur, noise, glare, JPEG
    thumbnail = thumbnails and rng.random() < 0.7
    if thumbnail:
        # a thumbnail (`small` mode): capitals of 3.5-9 px (a TD3 page about 250-700 px wide), shrunk by a web or phone scaler
        target = math.exp(rng.uniform(math.log(3.5), math.log(9.0)))
    else:
        target = math.exp(rng.uniform(math.log(4.0), math.log(28.0)))
    scale = target / cap
    squeeze = rng.uniform(0.85, 1.15)
    small = (max(8, int(image.width * scale * squeeze)), max(4, int(image.height * scale)))
    if thumbnail:
        image = image.resize(small, rng.choice([Image.BILINEAR, Image.BOX, Image.LANCZOS, Image.BICUBIC]))
    else:
        image = image.resize(small, Image.BILINEAR if rng.random() < 0.5 else Image.BOX)
    heavy = blurred and not thumbnail and rng.random() < 0.6
    if heavy:
        # a blurred capture (`blurred` mode): Gaussian blur of 0.08-0.25 capital heights, a quarter of them also
        # smeared along the line by 0.15-0.6 character pitches (a hand moving)
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.08, 0.25) * target))
        if rng.random() < 0.25:
            length = max(2, round(rng.uniform(0.15, 0.6) * pitch * scale * squeeze))
            rows = np.asarray(image).astype(np.float32)
            kernel = np.ones(length, dtype=np.float32) / length
            padded = np.pad(rows, ((0, 0), (length // 2, length - 1 - length // 2), (0, 0)), mode="edge")
            smeared = np.stack([np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, padded[..., c])
                                for c in range(rows.shape[2])], axis=2)
            image = Image.fromarray(np.clip(smeared, 0, 255).astype(np.uint8))
    elif rng.random() < (0.5 if thumbnail else 0.75):
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.1)))
    pixels = np.asarray(image).astype(np.float32)
    if rng.random() < 0.3:  # glare: a bright blob washing out the contrast
        gx, gy = rng.uniform(0, small[0]), rng.uniform(0, small[1])
        radius = rng.uniform(0.2, 1.0) * small[0]
        yy, xx = np.mgrid[0:small[1], 0:small[0]]
        blob = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius ** 2))[..., None]
        pixels = pixels + (255 - pixels) * blob * rng.uniform(0.15, 0.5)
    pixels = pixels * rng.uniform(0.7, 1.1) + rng.uniform(-20, 20)
    pixels = pixels + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0, 8), pixels.shape)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    if thumbnail or rng.random() < 0.8:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=rng.randint(30, 85) if thumbnail else rng.randint(20, 92))
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    grey = np.asarray(image).max(axis=2)
    grey = Image.fromarray(grey)
    out_w = max(16, round(grey.width * HEIGHT / grey.height))
    grey = grey.resize((out_w, HEIGHT), Image.BILINEAR)
    return np.asarray(grey, dtype=np.uint8), text


def main():
    out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    mode = sys.argv[4] if len(sys.argv) > 4 else "ocrb"
    if mode not in ("ocrb", "mixed", "small", "blurred"):
        raise SystemExit("mode: ocrb, mixed, small or blurred")
    rng = random.Random(seed)
    ocrb = Face(FONT_PATH, ADVANCE_EM)
    others = [Face(path) for path in MIXED_FONTS] if mode == "mixed" else []
    images, texts = [], []
    for _ in range(count):
        # `ocrb` draws no extra random number, so its lines are those of the shipped model's data
        face = rng.choice(others) if others and rng.random() < 0.5 else ocrb
        image, text = render(rng, face, mode == "small", mode == "blurred")
        images.append(image)
        texts.append(text)
    widths = np.array([im.shape[1] for im in images], dtype=np.int32)
    flat = np.concatenate([im.reshape(-1) for im in images])
    np.savez(out, flat=flat, widths=widths, texts=np.array(texts))


if __name__ == "__main__":
    main()
