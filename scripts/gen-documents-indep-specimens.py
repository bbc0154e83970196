#!/usr/bin/python3
"""Independent synthetic "published specimen" MRZ identity documents (ICAO Doc 9303).

What it makes
-------------
A set of synthetic document images in the style in which governments, Wikipedia/Wikimedia and
vendors publish *specimen* documents, plus a ``labels.json`` in the ``kyc-document-labels/1``
schema (the format of the shared ``data/documents/*/labels.json`` files).  Default mix for
``--count 150`` (largest-remainder rounding of the shares, then shuffled):

* 40 % TD3 passport / travel-document data pages (``expectedOutcome: read``),
* 25 % TD1 cards (ID cards, residence permits), image of the MRZ side (``back``) or front and back
  in one image side by side or stacked (``front+back``),
* 10 % TD2 cards (MRZ on the front),
* 25 % negatives: ``checks_fail`` (TD1/TD2/TD3 whose MRZ was printed with one data character or
  one check digit changed *after* the check digits were computed), MRV-A / MRV-B visas
  (``unsupported_document``) and pages without an MRZ (``no_mrz``: passport covers, ID-card fronts,
  driving-licence fronts, membership cards).

Every document gets a random but realistic identity: many issuing states (``D`` for Germany, GBR
with GBD/GBN/GBO/GBP/GBS nationalities, the ICAO test state UTO, stateless/refugee codes XXA/XXB/XXC,
...), names with hyphens, apostrophes, particles and several parts, diacritics in the visual zone
transliterated in the MRZ per ICAO 9303 Part 3 (AE/OE/UE/AA/SS/TH ... some issuers use the plain
letter), long names truncated in the MRZ, some holders with only a primary identifier, sex M/F/X or
unspecified ("<"), expiry dates both before and after the reference date 2026-11-21.

How the images are made
-----------------------
Pure Pillow + numpy.  Each document is drawn at a working resolution in millimetre units at its
ICAO size (TD3 125 x 88 mm, TD1 85.6 x 54 mm, TD2 105 x 74 mm, MRV-A 120 x 80 mm, MRV-B
105 x 74 mm) with a guilloche/rosette security background (lighter in the MRZ clear area), header,
bilingual field labels and values, a drawn portrait (simple face or grey silhouette, sometimes a
ghost image), a signature stroke, and the MRZ in OCR-B at 10 characters per 25.4 mm.  Publication
artefacts are then added, a few per image:

* "SPECIMEN", "MUSTER", "SPÉCIMEN", "MODELO", "CAMPIONE", "VOID", "SAMPLE" stamps (large diagonal or
  horizontal, filled semi-transparent, outlined, or rubber-stamp boxed; red/grey/blue); in a fair
  share of images the stamp crosses the MRZ at moderate opacity (every MRZ character stays
  legible to a human);
* annotations: coloured (rounded) rectangles around zones (around the MRZ a few px away from it),
  numbered callout circles, arrows, legends, captions above/below;
* presentation: bare render (sometimes RGBA PNG with alpha 0 outside the rounded corners), plain or
  gradient background with drop shadow, a screenshot-like web page (header bar, paragraphs,
  sidebar, caption, wiki-like file page), an annotated figure, printed-and-scanned (skew < 3
  degrees, paper tone, noise, blur), or photographed (mild perspective, lighting gradient, noise);
  TD3 pages sometimes as an open booklet (facing observations page), visas sometimes stuck on a
  passport page with entry stamps;
* sizes from web thumbnails (document 350-600 px wide; MRZ characters are never below ~8 px tall)
  to large scans (document up to ~2400 px wide);
* formats: JPEG (baseline/progressive, quality 50-95, some greyscale, a few CMYK), PNG (RGB, RGBA,
  palette-quantised 64-256 colours, a few 16-bit greyscale), a few WebP; a few JPEGs store their
  pixels rotated with an EXIF Orientation tag (6, 8 or 3) so that viewers display them upright.

Label derivation (follows data/documents/README.md "How expected fields are derived")
-------------------------------------------------------------------------------------
* Names: MRZ primary identifier -> ``lastName``, secondary identifier -> ``firstName``, ``<`` ->
  space, truncated names stay truncated (the MRZ is truncated by simple cut at the field length;
  if the cut would leave nothing of the given names, the field holds the primary identifier only).
  ``fullName`` = ``firstName + ' ' + lastName``.  CHOICE (README silent): when the MRZ has no
  secondary identifier (mononyms, or given names truncated away), ``firstName`` is ``null`` and
  ``fullName`` = ``lastName`` (as the shared set does for the old Spanish DNI without ``<<``); those
  documents list ``firstName`` in ``lenientFields`` because a reader may return "" instead of null.
* ``documentNumber``: MRZ number without fillers.  TD1 long numbers (10-12 characters): first 9 in
  positions 6-14, ``<`` in 15, the rest + its check digit + ``<`` at the start of optional data 1
  (ICAO 9303 Part 5); the label is the complete number.  CHOICE: such cards leave the remainder of
  optional data 1 empty, so ``personalNumber`` is null; ``personalNumber`` is listed in
  ``lenientFields`` for them.
* ``personalNumber``: TD3 personal-number field; TD1 optional data 1; TD2 optional data; leading and
  trailing ``<`` removed, each inner ``<`` -> space; empty -> null.  Visas: null (optional data is
  left empty on the generated visas).  TD1 optional data 2 is filled on a few cards; those list
  ``personalNumber`` in ``lenientFields``.
* ``nationality`` / ``issuingCountry``: ISO 3166-1 alpha-3; ``D`` -> DEU; GBD/GBN/GBO/GBP/GBS -> GBR;
  UTO, XXA, XXB, XXC (no ISO country) -> null; raw codes (fillers removed, e.g. ``D``) in
  ``mrzNationality`` / ``mrzIssuingState``.
* Dates ``yyyy-MM-dd``; birth ``yy > 26`` -> 19yy else 20yy (births are drawn from 1927-2026 only,
  so no ``ambiguousFields`` are needed); expiry ``yy >= 70`` -> 19yy else 20yy (expiries 2006-2036).
* ``sex``: M, F, X, or null for ``<``.  ``documentCode``: the two code characters without fillers.
* ``expiredOnReferenceDate``: CHOICE: true when dateOfExpiry < 2026-11-21 (a document is valid up to
  and including its expiry date); no generated expiry falls within 10 days of the reference date.
* ``checks_fail``: ``expected`` holds the values *as printed* (the altered character included), as
  the shared set does; ``mrz.checkDigitsValid`` says which check digits fail.  Changes keep dates
  valid calendar dates; the visual zone shows the same (altered) values, so only the check digits
  reveal the misprint.
* Visas (``unsupported_document``) carry ``expected`` derived the same way (personalNumber null).
  ``no_mrz`` documents have ``expected: null`` and no ``mrz`` object.
* Images: ``width``/``height`` are the image as displayed (EXIF orientation applied); for
  EXIF-rotated files the stored pixel size is given in ``notes``.  ``capture`` is ``render`` (bare,
  shadow, figure), ``screenshot`` (web page), ``scan`` or ``photo``.

Every generated MRZ is re-parsed by an independent parser in this file; the labels derived from
the generator's own field values must equal the labels derived from the parsed MRZ, and the parsed
check-digit validity (7-3-1 weights, composite) must match what was intended (all valid for
``read``/visas, the intended failures for ``checks_fail``).  The written files are re-read to check
size, sha256 and EXIF orientation.

Usage
-----
  npm run gen:documents:indep-specimens -- --out DIR [--seed N] [--count 150] [--only KIND]
  /usr/bin/python3 scripts/gen-documents-indep-specimens.py --out DIR --seed 1 --count 150
  npm run eval:document -- --no-write --data DIR        # score the reading service on the set

``--only`` is one of TD3, TD1, TD2, FAIL, VISA, NOMRZ: the plan for (seed, count) is made as usual
and only documents of that kind are written (identical to the same documents of the full run).
Output is deterministic for a given (seed, count) (same Pillow/libjpeg build).  ``--jobs`` (default
2) sets the number of worker processes.

Needs: Debian python3 with python3-pil and python3-numpy, fonts-ocr-b, fonts-dejavu-core,
fonts-liberation2.  No network, no pip packages.

Provenance
----------
Written blind on 2026-11-29 by a helper shown only the label format (the shared documents README
and labels.json files) and ICAO Doc 9303; it did not see the reading service's code,
documentation, tests or any document image.  It ran its output through the eval script once, on a
smoke set of 30 (seed 1), only to see that the labels load, and looked at its own seed-1 images.
Kept as written; the forty-fourth session's first set of it (seed 2, which nobody had looked at)
was run once before any change to the engine (docs/document-verification-log.md "Specimens shown on
web pages").
"""

import argparse
import hashlib
import io
import json
import math
import os
import random
import re
import sys
import time
import unicodedata
from datetime import date, timedelta
from multiprocessing import Pool

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

REFERENCE_DATE = date(2026, 11, 21)
SCHEMA = "kyc-document-labels/1"
SET_NAME = "indep-specimens"

# --------------------------------------------------------------------------------------------
# fonts
# --------------------------------------------------------------------------------------------
OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
DJ = "/usr/share/fonts/truetype/dejavu/"
LB = "/usr/share/fonts/truetype/liberation2/"
SANS = DJ + "DejaVuSans.ttf"
SANS_B = DJ + "DejaVuSans-Bold.ttf"
SANS_C = DJ + "DejaVuSansCondensed.ttf"
SANS_CB = DJ + "DejaVuSansCondensed-Bold.ttf"
SANS_I = DJ + "DejaVuSans-Oblique.ttf"
SERIF = DJ + "DejaVuSerif.ttf"
SERIF_B = DJ + "DejaVuSerif-Bold.ttf"
LSANS = LB + "LiberationSans-Regular.ttf"
LSANS_B = LB + "LiberationSans-Bold.ttf"
LSANS_I = LB + "LiberationSans-Italic.ttf"
LSERIF = LB + "LiberationSerif-Regular.ttf"
LSERIF_B = LB + "LiberationSerif-Bold.ttf"
LSERIF_I = LB + "LiberationSerif-Italic.ttf"
OCRB_ADVANCE = None  # advance width of one OCR-B character per em, measured at start-up

_FONTS = {}


def font(path, px):
    px = max(5, int(round(px)))
    key = (path, px)
    f = _FONTS.get(key)
    if f is None:
        f = ImageFont.truetype(path, px)
        _FONTS[key] = f
    return f


def fit_font(path, px, text, max_w):
    f = font(path, px)
    while px > 5 and f.getlength(text) > max_w:
        px *= 0.93
        f = font(path, px)
    return f


# --------------------------------------------------------------------------------------------
# ICAO 9303: check digits, transliteration, codes
# --------------------------------------------------------------------------------------------
CHARVAL = {str(i): i for i in range(10)}
CHARVAL.update({chr(65 + i): 10 + i for i in range(26)})
CHARVAL["<"] = 0
MRZ_RE = re.compile(r"^[A-Z0-9<]+$")


def check_digit(s):
    return str(sum(CHARVAL[c] * (7, 3, 1)[i % 3] for i, c in enumerate(s)) % 10)


# ICAO 9303 Part 3 recommended transliteration of Latin characters with diacritics (multi-letter
# cases; everything else falls back to the base letter).
TRANSLIT_ICAO = {
    "Ä": "AE", "Å": "AA", "Æ": "AE", "Ö": "OE", "Ø": "OE", "Ü": "UE", "ß": "SS", "Þ": "TH",
    "Ð": "D", "Đ": "D", "Ł": "L", "Œ": "OE", "Ĳ": "IJ", "Ħ": "H", "Ŧ": "T", "Ŀ": "L", "ı": "I",
}
# issuers that print the plain letter for umlauts / ring (Ä -> A, Ö -> O, Ü -> U, Å -> A)
SIMPLE_UMLAUT = {"FIN", "EST", "HUN", "TUR", "SVK", "CZE", "ROU", "HRV", "SVN", "LVA", "LTU"}


def mrz_name_part(s, issuer):
    """VIZ name component -> MRZ characters (A-Z and single '<' separators)."""
    out = []
    for ch in s.upper():
        if ch in "ÄÖÜÅ" and issuer in SIMPLE_UMLAUT:
            out.append({"Ä": "A", "Ö": "O", "Ü": "U", "Å": "A"}[ch])
        elif ch in TRANSLIT_ICAO:
            out.append(TRANSLIT_ICAO[ch])
        elif "A" <= ch <= "Z":
            out.append(ch)
        elif ch in " -‐":
            out.append("<")
        elif ch in "'’`´.,":
            continue  # apostrophes and other punctuation are omitted
        else:
            base = "".join(c for c in unicodedata.normalize("NFD", ch) if "A" <= c <= "Z")
            out.append(base)
    r = re.sub("<+", "<", "".join(out)).strip("<")
    return r


ISO3 = {
    "DEU", "FRA", "ESP", "PRT", "ITA", "NLD", "BEL", "AUT", "CHE", "SWE", "NOR", "DNK", "FIN",
    "ISL", "POL", "CZE", "HUN", "ROU", "HRV", "TUR", "IRL", "GBR", "USA", "CAN", "MEX", "BRA",
    "ARG", "AUS", "NZL", "JPN", "KOR", "CHN", "IND", "IDN", "VNM", "NGA", "KEN", "ZAF", "EGY",
    "MAR", "GRC", "UKR", "LVA", "LTU", "EST", "SVN", "SVK", "PHL", "PAK", "SYR", "AFG", "ERI",
    "SOM", "COL", "PER", "LKA", "SEN", "TUN", "LUX", "MLT", "CYP", "BGR", "SRB",
}
ICAO_TO_ISO = {"D": "DEU", "GBD": "GBR", "GBN": "GBR", "GBO": "GBR", "GBP": "GBR", "GBS": "GBR"}
NON_ISO = {"UTO", "XXA", "XXB", "XXC", "XXX"}


def iso3(code):
    if code in ICAO_TO_ISO:
        return ICAO_TO_ISO[code]
    if code in NON_ISO:
        return None
    if code in ISO3:
        return code
    raise ValueError("unknown code " + code)


# --------------------------------------------------------------------------------------------
# independent MRZ parser
# --------------------------------------------------------------------------------------------
def _birth(s):
    yy = int(s[:2])
    return date(1900 + yy if yy > 26 else 2000 + yy, int(s[2:4]), int(s[4:6]))


def _expiry(s):
    yy = int(s[:2])
    return date(1900 + yy if yy >= 70 else 2000 + yy, int(s[2:4]), int(s[4:6]))


def parse_mrz(lines):
    """Parse TD1/TD2/TD3/MRV-A/MRV-B lines -> dict of raw fields and check-digit validity."""
    n, width = len(lines), len(lines[0])
    for ln in lines:
        assert len(ln) == width and MRZ_RE.match(ln), ln
    if n == 3 and width == 30:
        fmt = "TD1"
    elif n == 2 and width == 44:
        fmt = "MRVA" if lines[0][0] == "V" else "TD3"
    elif n == 2 and width == 36:
        fmt = "MRVB" if lines[0][0] == "V" else "TD2"
    else:
        raise ValueError("unknown MRZ shape")
    p = {"format": fmt, "code": lines[0][0:2], "issuing": lines[0][2:5]}
    chk = {}

    def ok(field, digit):
        return digit == check_digit(field)

    if fmt == "TD1":
        l1, l2, l3 = lines
        num, cd, opt1 = l1[5:14], l1[14], l1[15:30]
        rest = ""
        if cd == "<" and opt1.strip("<"):
            k = opt1.find("<")
            k = len(opt1) if k < 0 else k
            num = num + opt1[: k - 1]
            cd = opt1[k - 1]
            rest = opt1[k + 1:]
        else:
            rest = opt1
        p["number"] = num
        chk["documentNumber"] = ok(num, cd)
        p["personal"] = rest
        p["dob"], p["sex"], p["doe"], p["nat"] = l2[0:6], l2[7], l2[8:14], l2[15:18]
        p["opt2"] = l2[18:29]
        chk["dateOfBirth"] = ok(l2[0:6], l2[6])
        chk["dateOfExpiry"] = ok(l2[8:14], l2[14])
        chk["composite"] = ok(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29], l2[29])
        p["name"] = l3
    else:
        l1, l2 = lines
        p["name"] = l1[5:]
        p["number"] = l2[0:9]
        chk["documentNumber"] = ok(l2[0:9], l2[9])
        p["nat"], p["dob"], p["sex"], p["doe"] = l2[10:13], l2[13:19], l2[20], l2[21:27]
        chk["dateOfBirth"] = ok(l2[13:19], l2[19])
        chk["dateOfExpiry"] = ok(l2[21:27], l2[27])
        if fmt == "TD3":
            pn, pcd = l2[28:42], l2[42]
            p["personal"] = pn
            chk["personalNumber"] = (pcd in "<0") if pn == "<" * 14 else ok(pn, pcd)
            chk["composite"] = ok(l2[0:10] + l2[13:20] + l2[21:43], l2[43])
        elif fmt == "TD2":
            p["personal"] = l2[28:35]
            chk["composite"] = ok(l2[0:10] + l2[13:20] + l2[21:35], l2[35])
        else:
            p["personal"] = None  # visa optional data is not a personal number
    p["checks"] = chk
    return p


def expected_from_mrz(lines):
    """Derive the `expected` label from MRZ lines alone (README rules)."""
    p = parse_mrz(lines)
    name = p["name"].rstrip("<")
    prim, sec = (name.split("<<", 1) + [""])[:2] if "<<" in name else (name, "")
    last = prim.replace("<", " ").strip()
    first = sec.replace("<", " ").strip() or None
    pers = p["personal"]
    pers = pers.strip("<").replace("<", " ") if pers else ""
    nat = p["nat"].replace("<", "")
    iss = p["issuing"].replace("<", "")
    doe = _expiry(p["doe"])
    return {
        "documentCode": p["code"].replace("<", ""),
        "lastName": last,
        "firstName": first,
        "fullName": (first + " " + last) if first else last,
        "documentNumber": p["number"].replace("<", ""),
        "personalNumber": pers or None,
        "nationality": iso3(nat),
        "issuingCountry": iso3(iss),
        "dateOfBirth": _birth(p["dob"]).isoformat(),
        "dateOfExpiry": doe.isoformat(),
        "sex": p["sex"] if p["sex"] in "MFX" else None,
        "mrzNationality": nat,
        "mrzIssuingState": iss,
        "expiredOnReferenceDate": doe < REFERENCE_DATE,
    }, p


# --------------------------------------------------------------------------------------------
# countries and names
# --------------------------------------------------------------------------------------------
# code, name_local, name_en, label language, name culture, weight, demonym
COUNTRIES = [
    ("D", "BUNDESREPUBLIK DEUTSCHLAND", "FEDERAL REPUBLIC OF GERMANY", "de", "de", 8, "DEUTSCH"),
    ("FRA", "RÉPUBLIQUE FRANÇAISE", "FRENCH REPUBLIC", "fr", "fr", 5, "FRANÇAISE"),
    ("ESP", "REINO DE ESPAÑA", "KINGDOM OF SPAIN", "es", "es", 4, "ESPAÑOLA"),
    ("PRT", "REPÚBLICA PORTUGUESA", "PORTUGUESE REPUBLIC", "pt", "pt", 3, "PORTUGUESA"),
    ("ITA", "REPUBBLICA ITALIANA", "ITALIAN REPUBLIC", "it", "it", 4, "ITALIANA"),
    ("NLD", "KONINKRIJK DER NEDERLANDEN", "KINGDOM OF THE NETHERLANDS", "nl", "nl", 4, "NEDERLANDSE"),
    ("BEL", "ROYAUME DE BELGIQUE", "KINGDOM OF BELGIUM", "fr", "fr", 2, "BELGE"),
    ("AUT", "REPUBLIK ÖSTERREICH", "REPUBLIC OF AUSTRIA", "de", "de", 2, "ÖSTERREICH"),
    ("CHE", "SCHWEIZERISCHE EIDGENOSSENSCHAFT", "SWISS CONFEDERATION", "de", "de", 2, "SCHWEIZ"),
    ("SWE", "KONUNGARIKET SVERIGE", "KINGDOM OF SWEDEN", "sv", "se", 3, "SVENSK"),
    ("NOR", "KONGERIKET NORGE", "KINGDOM OF NORWAY", "en", "no", 2, "NORSK"),
    ("DNK", "KONGERIGET DANMARK", "KINGDOM OF DENMARK", "en", "dk", 2, "DANSK"),
    ("FIN", "SUOMI FINLAND", "FINLAND", "en", "fi", 2, "SUOMI"),
    ("ISL", "ÍSLAND", "ICELAND", "en", "is", 2, "ÍSLENSKUR"),
    ("POL", "RZECZPOSPOLITA POLSKA", "REPUBLIC OF POLAND", "pl", "pl", 3, "POLSKIE"),
    ("CZE", "ČESKÁ REPUBLIKA", "CZECH REPUBLIC", "en", "cz", 2, "ČESKÁ REPUBLIKA"),
    ("HUN", "MAGYARORSZÁG", "HUNGARY", "en", "hu", 2, "MAGYAR"),
    ("ROU", "ROMÂNIA", "ROMANIA", "en", "ro", 2, "ROMÂNĂ"),
    ("HRV", "REPUBLIKA HRVATSKA", "REPUBLIC OF CROATIA", "en", "hr", 2, "HRVATSKO"),
    ("TUR", "TÜRKİYE CUMHURİYETİ", "REPUBLIC OF TÜRKİYE", "en", "tr", 3, "T.C."),
    ("IRL", "ÉIRE", "IRELAND", "en", "ie", 2, "ÉIREANNACH / IRISH"),
    ("GBR", "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND", "UNITED KINGDOM", "en", "gb", 5, "BRITISH CITIZEN"),
    ("USA", "UNITED STATES OF AMERICA", "UNITED STATES OF AMERICA", "en", "us", 4, "UNITED STATES OF AMERICA"),
    ("CAN", "CANADA", "CANADA", "en", "ca", 3, "CANADIAN/CANADIENNE"),
    ("MEX", "ESTADOS UNIDOS MEXICANOS", "UNITED MEXICAN STATES", "es", "mx", 2, "MEXICANA"),
    ("BRA", "REPÚBLICA FEDERATIVA DO BRASIL", "FEDERATIVE REPUBLIC OF BRAZIL", "pt", "br", 2, "BRASILEIRA"),
    ("ARG", "REPÚBLICA ARGENTINA", "ARGENTINE REPUBLIC", "es", "mx", 1, "ARGENTINA"),
    ("AUS", "AUSTRALIA", "AUSTRALIA", "en", "au", 2, "AUSTRALIAN"),
    ("NZL", "NEW ZEALAND", "NEW ZEALAND", "en", "nz", 1, "NEW ZEALAND"),
    ("JPN", "JAPAN", "JAPAN", "en", "ja", 2, "JAPAN"),
    ("KOR", "REPUBLIC OF KOREA", "REPUBLIC OF KOREA", "en", "ko", 1, "REPUBLIC OF KOREA"),
    ("CHN", "PEOPLE'S REPUBLIC OF CHINA", "PEOPLE'S REPUBLIC OF CHINA", "en", "zh", 1, "CHINESE"),
    ("IND", "REPUBLIC OF INDIA", "REPUBLIC OF INDIA", "en", "in", 2, "INDIAN"),
    ("IDN", "REPUBLIK INDONESIA", "REPUBLIC OF INDONESIA", "en", "id", 1, "INDONESIA"),
    ("VNM", "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM", "SOCIALIST REPUBLIC OF VIET NAM", "en", "vn", 1, "VIỆT NAM"),
    ("NGA", "FEDERAL REPUBLIC OF NIGERIA", "FEDERAL REPUBLIC OF NIGERIA", "en", "ng", 2, "NIGERIAN"),
    ("KEN", "REPUBLIC OF KENYA", "REPUBLIC OF KENYA", "en", "ke", 1, "KENYAN"),
    ("ZAF", "REPUBLIC OF SOUTH AFRICA", "REPUBLIC OF SOUTH AFRICA", "en", "za", 1, "SOUTH AFRICAN"),
    ("EGY", "ARAB REPUBLIC OF EGYPT", "ARAB REPUBLIC OF EGYPT", "en", "eg", 1, "EGYPTIAN"),
    ("MAR", "ROYAUME DU MAROC", "KINGDOM OF MOROCCO", "fr", "ma", 1, "MAROCAINE"),
    ("GRC", "ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ", "HELLENIC REPUBLIC", "en", "gr", 1, "ΕΛΛΗΝΙΚΗ / HELLENIC"),
    ("UKR", "УКРАЇНА", "UKRAINE", "en", "ua", 1, "УКРАЇНА / UKRAINE"),
    ("LVA", "LATVIJAS REPUBLIKA", "REPUBLIC OF LATVIA", "en", "lv", 1, "LATVIJAS"),
    ("LTU", "LIETUVOS RESPUBLIKA", "REPUBLIC OF LITHUANIA", "en", "lt", 1, "LIETUVOS"),
    ("EST", "EESTI VABARIIK", "REPUBLIC OF ESTONIA", "en", "ee", 1, "EESTI"),
    ("SVN", "REPUBLIKA SLOVENIJA", "REPUBLIC OF SLOVENIA", "en", "hr", 1, "SLOVENSKO"),
    ("UTO", "UTOPIA", "UTOPIA", "en", "uto", 5, "UTOPIAN"),
]
COUNTRY = {c[0]: c for c in COUNTRIES}
SPECIAL_NAT = {
    "XXA": "STATELESS / APATRIDE", "XXB": "REFUGEE / RÉFUGIÉ", "XXC": "REFUGEE (OTHER)",
    "GBD": "BRITISH OVERSEAS TERRITORIES CITIZEN", "GBN": "BRITISH NATIONAL (OVERSEAS)",
    "GBO": "BRITISH OVERSEAS CITIZEN", "GBP": "BRITISH PROTECTED PERSON", "GBS": "BRITISH SUBJECT",
}
# foreign nationalities for residence permits (name culture)
FOREIGN = [("SYR", "eg"), ("AFG", "in"), ("ERI", "ke"), ("SOM", "ke"), ("COL", "mx"), ("PER", "mx"),
           ("LKA", "in"), ("SEN", "fr"), ("TUN", "ma"), ("PHL", "mx"), ("PAK", "in"), ("UKR", "ua"),
           ("TUR", "tr"), ("BRA", "br"), ("CHN", "zh"), ("IND", "in"), ("NGA", "ng"), ("SRB", "hr"),
           ("XXA", "ua"), ("XXB", "eg"), ("USA", "us"), ("VNM", "vn")]
FOREIGN_DEMONYM = {"SYR": "SYRIAN", "AFG": "AFGHAN", "ERI": "ERITREAN", "SOM": "SOMALI",
                   "COL": "COLOMBIAN", "PER": "PERUVIAN", "LKA": "SRI LANKAN", "SEN": "SENEGALESE",
                   "TUN": "TUNISIAN", "PHL": "FILIPINO", "PAK": "PAKISTANI", "SRB": "SERBIAN"}

NAMES = {
    "de": (["MÜLLER", "SCHMIDT", "SCHNEIDER", "FISCHER", "WEIß", "SCHÄFER", "KÖNIG", "GROßMANN",
            "BÖHM", "KRÜGER", "MEYER-LÜDENSCHEID", "VON DER HEIDE", "HÖLZL", "JÄGER", "ZIMMERMANN"],
           ["JÜRGEN", "KARL-HEINZ", "LUKAS", "JÖRG", "FRANZ JOSEF", "MAXIMILIAN", "SÖREN", "UWE"],
           ["ANNA-LENA", "BÄRBEL", "SOPHIE", "KÄTHE", "LIESELOTTE", "JÜLIA", "URSULA", "HANNELORE"]),
    "fr": (["DUPONT", "LEFÈVRE", "MOREAU", "GIRARD", "D'ALEMBERT", "FRANÇOIS", "DE LA FONTAINE",
            "BÉRANGER-DUVAL", "LAURENT", "FAURÉ", "L'HUILLIER", "DESCHAMPS"],
           ["JEAN-BAPTISTE", "FRANÇOIS", "JÉRÔME", "ANDRÉ", "LOÏC", "THÉO", "MATHÉO"],
           ["HÉLÈNE", "ÉLODIE", "MARIE-CLAIRE", "CÉLINE", "NOËLLE", "AGNÈS", "ANAÏS"]),
    "es": (["GARCÍA", "LÓPEZ", "MARTÍNEZ", "NÚÑEZ", "IBÁÑEZ", "FERNÁNDEZ", "PEÑA", "MUÑOZ",
            "SÁNCHEZ", "DE LA TORRE", "GONZÁLEZ", "RODRÍGUEZ"],
           ["JOSÉ ÁNGEL", "JESÚS", "IÑAKI", "RAÚL", "JAVIER", "ÁLVARO"],
           ["MARÍA JOSÉ", "NURIA", "BEGOÑA", "INÉS", "MARÍA DEL CARMEN", "LUCÍA"]),
    "pt": (["CONCEIÇÃO", "GONÇALVES", "MAGALHÃES", "DOS SANTOS", "SIMÕES", "GUIMARÃES", "FALCÃO",
            "ARAÚJO"],
           ["JOÃO", "JOSÉ", "ANTÓNIO", "SEBASTIÃO", "RUI"],
           ["MARIA DA CONCEIÇÃO", "INÊS", "JOANA", "LEONOR", "CONCEIÇÃO"]),
    "it": (["ROSSI", "D'ANGELO", "DELL'ACQUA", "ESPOSITO", "DE LUCA", "BIANCHI", "LO BIANCO",
            "FERRARI"],
           ["NICCOLÒ", "LUCA", "GIOVANNI BATTISTA", "MATTIA", "PIERPAOLO"],
           ["GIULIA", "CHIARA", "ANNA MARIA", "FRANCESCA", "BEATRICE"]),
    "nl": (["DE VRIES", "VAN DER BERG", "JANSSEN", "VAN 'T HOF", "BAKKER", "DE BRUIJN", "VAN DIJK"],
           ["JAN WILLEM", "PIETER", "DAAN", "SJOERD"],
           ["SANNE", "LOTTE", "EVA", "WILLEKE LISELOTTE", "FLEUR"]),
    "se": (["ÅSTRÖM", "JÖNSSON", "LJUNGBERG", "ANDERSSON", "EKSTRÖM", "BLOMQVIST", "HÄGGLUND"],
           ["MÅNS", "BJÖRN", "OLOF", "SVEN-ERIK", "PER"],
           ["ÅSA", "LINNÉA", "MÄRTA", "BRITT-MARIE", "INGRID"]),
    "no": (["ØSTERGAARD", "HÅLAND", "BJØRNSTAD", "NÆSS", "SOLBERG", "LØVLIE"],
           ["HÅKON", "BJØRN", "SØREN", "OLE MARTIN"],
           ["ÅSE", "SIGRID", "MARIT", "KARI-ANNE"]),
    "dk": (["SØRENSEN", "JØRGENSEN", "MØLLER", "KJÆR", "THOMSEN"],
           ["SØREN", "JØRGEN", "MADS", "ANDERS"], ["MAJA", "LÆRKE", "KIRSTEN", "SØS"]),
    "fi": (["MÄKINEN", "HÄMÄLÄINEN", "JÄRVINEN", "VIRTANEN", "KORHONEN", "NIEMINEN"],
           ["JUHA-PEKKA", "MATTI", "JYRKI", "VÄINÖ"], ["SIRKKA-LIISA", "AINO", "PÄIVI", "MAIJA"]),
    "is": (["GUÐMUNDSDÓTTIR", "ÞÓRSSON", "JÓNSDÓTTIR", "ÆGISSON", "SIGURÐSSON"],
           ["ÞÓRÐUR", "GUÐMUNDUR", "ÓLAFUR"], ["ÞÓRA", "SIGRÚN", "HRAFNHILDUR", "ÁSTA"]),
    "pl": (["WÓJCIK", "ŁUKASZEWICZ", "SZCZĘSNY", "KOWALSKA-WIŚNIEWSKA", "NOWAK", "ŻUREK", "DĄBROWSKI"],
           ["ŁUKASZ", "JĘDRZEJ", "PIOTR", "KRZYSZTOF"], ["MAŁGORZATA", "AGNIESZKA", "JOANNA", "ŻANETA"]),
    "cz": (["DVOŘÁK", "NOVÁKOVÁ", "ČERNÝ", "SVOBODOVÁ", "HÁJEK", "PROCHÁZKA"],
           ["JIŘÍ", "OLDŘICH", "TOMÁŠ"], ["ZDEŇKA", "LUDMILA", "TEREZA"]),
    "hu": (["SZŐKE", "KOVÁCS", "NAGY", "TÓTH", "HORVÁTH", "SZŰCS"],
           ["ZOLTÁN", "GYÖRGY", "ÁRPÁD"], ["ZSÓFIA", "ERZSÉBET", "ILDIKÓ"]),
    "ro": (["POPESCU", "ȘTEFĂNESCU", "IONESCU", "CONSTANTINESCU", "DUMITRAȘCU"],
           ["ȘTEFAN", "ANDREI", "MIHAI"], ["IOANA", "ILEANA", "ROXANA"]),
    "hr": (["KOVAČEVIĆ", "HORVAT", "JURIĆ", "ŠIMUNOVIĆ", "NOVAK", "BABIĆ"],
           ["JOSIP", "DARKO", "ŽELJKO"], ["IVANA", "MAJA", "SNJEŽANA"]),
    "tr": (["ÖZTÜRK", "ÇELİK", "YILDIZ", "ŞAHİN", "DOĞAN", "KILIÇ"],
           ["MUSTAFA", "İBRAHİM", "EMRE", "ÖMER FARUK"], ["GÜLŞEN", "AYŞE", "ÖZLEM", "ŞEYMA NUR"]),
    "ie": (["O'BRIEN", "O'SULLIVAN", "MAC GIOLLA PHÁDRAIG", "NÍ BHRIAIN", "MURPHY", "Ó CEALLAIGH"],
           ["SEÁN", "PÁDRAIG", "CIARÁN"], ["SIOBHÁN", "AOIFE", "NIAMH", "ÁINE"]),
    "gb": (["SMITH-JONES", "O'NEILL", "WILLIAMS", "ST. CLAIR", "FFORDE", "TAYLOR", "BROWN"],
           ["OLIVER JAMES", "HARRY", "GEORGE"], ["EMILY ROSE", "CHARLOTTE", "ANGELA ZOE"]),
    "us": (["O'CONNOR", "WASHINGTON", "MCDONALD", "GARCIA-RAMIREZ", "JOHNSON", "DEL ROSARIO"],
           ["JOHN PAUL", "MICHAEL", "TYLER"], ["MARY-KATE", "JENNIFER ANN", "ASHLEY"]),
    "ca": (["TREMBLAY", "GAGNON", "CÔTÉ", "BÉLANGER", "MACDONALD"],
           ["ÉTIENNE", "JEAN-FRANÇOIS", "LIAM"], ["GENEVIÈVE", "MARIE-ÈVE", "CHLOÉ"]),
    "mx": (["HERNÁNDEZ", "DE LA CRUZ", "GONZÁLEZ", "PÉREZ", "RAMÍREZ", "NÚÑEZ", "VILLASEÑOR"],
           ["JOSÉ LUIS", "JUAN PABLO", "ÁNGEL"], ["MARÍA GUADALUPE", "XIMENA", "ANA SOFÍA"]),
    "br": (["DOS SANTOS", "DA SILVA", "PEREIRA", "ASSUNÇÃO", "CONCEIÇÃO", "GONÇALVES"],
           ["JOÃO PEDRO", "LUÍS", "CAUÃ"], ["ANA CLÁUDIA", "MÁRCIA", "LETÍCIA"]),
    "au": (["MCKENZIE", "O'ROURKE", "NGUYEN", "SMITH", "CITIZENSHIP"],
           ["JACK", "LACHLAN", "NOAH"], ["CHLOE", "MATILDA", "ISLA"]),
    "nz": (["TE WHĀTA", "NGATA", "WILSON", "O'LEARY"], ["TAMATI", "WIREMU", "JAMES"],
           ["ĀNIWANIWA", "AROHA", "GRACE"]),
    "ja": (["TANAKA", "SATŌ", "SUZUKI", "TAKAHASHI", "YAMAMOTO"], ["HIROSHI", "KENTARŌ", "SHŌTA"],
           ["YUKI", "HANAKO", "YŪKO"]),
    "ko": (["KIM", "LEE", "PARK", "CHOI"], ["MIN JUN", "JI HO", "SEUNG-HOON"], ["SEO YEON", "JI-EUN"]),
    "zh": (["ZHANG", "WANG", "LI", "CHEN", "OUYANG"], ["WEI", "ZIHAO", "JIANGUO"], ["XIAOHONG", "MEI HUA"]),
    "in": (["SUBRAMANIAM", "VENKATARAMAN", "SHARMA", "PATEL", "KRISHNAMURTHY"],
           ["ARJUN", "RAHUL KUMAR", "VIKRAM"], ["LAKSHMI PRIYA", "ANANYA", "DEEPIKA"]),
    "id": (["WIDODO", "SUSANTO", "HALIM"], ["BUDI", "AGUS"], ["SRI WAHYUNI", "DEWI"]),
    "vn": (["NGUYỄN", "TRẦN", "LÊ", "PHẠM"], ["VĂN HÙNG", "MINH ĐỨC"], ["THỊ MINH KHAI", "THỊ HƯƠNG"]),
    "ng": (["ADEYEMI", "OKONKWO", "ADEBAYO-WILLIAMS", "EZE"], ["CHUKWUEMEKA", "OLUWASEUN", "TUNDE"],
           ["NGOZI", "FUNMILAYO", "CHIAMAKA"]),
    "ke": (["OTIENO", "WANJIKU", "MWANGI", "KIPCHOGE", "ABDI"], ["DAVID", "KAMAU", "YOHANNES"],
           ["AMINA", "WANJIRU", "SABA"]),
    "za": (["VAN DER MERWE", "NKOSI", "DU PLESSIS", "MOKOENA"], ["THABO", "PIETER", "SIPHO"],
           ["ANÉL", "NALEDI", "ZANELE"]),
    "eg": (["ABDEL RAHMAN", "EL-SAYED", "HASSAN", "AL-MASRI", "MOUSSA"], ["MOHAMED AHMED", "OMAR", "KARIM"],
           ["FATMA", "NOUR", "YASMINE"]),
    "ma": (["EL AMRANI", "BENNANI", "EL IDRISSI", "TAZI"], ["YOUSSEF", "MEHDI", "HAMZA"],
           ["SALMA", "KHADIJA", "IMANE"]),
    "gr": (["PAPADOPOULOS", "KARAGIANNIS", "PAPADOPOULOU", "GEORGIOU"], ["GEORGIOS", "DIMITRIOS"],
           ["ELENI", "MARIA", "AIKATERINI"]),
    "ua": (["SHEVCHENKO", "KOVALENKO", "BONDARENKO", "TKACHUK"], ["OLEKSANDR", "ANDRII", "YURII"],
           ["OLENA", "IRYNA", "KATERYNA"]),
    "lv": (["BĒRZIŅŠ", "KALNIŅA", "OZOLIŅŠ", "LIEPIŅA"], ["JĀNIS", "ANDRIS", "MĀRTIŅŠ"],
           ["LĪGA", "INGA", "MĀRA"]),
    "lt": (["KAZLAUSKAS", "BASANAVIČIENĖ", "PETRAUSKAITĖ", "ŽUKAUSKAS"], ["ŽYGIMANTAS", "JONAS"],
           ["RŪTA", "BIRUTĖ", "AUŠRA"]),
    "ee": (["TAMM", "SAAR", "KÜTT", "MÄGI", "PÕLD"], ["JÜRI", "TÕNU", "ANDRES"], ["TIIU", "KÜLLI", "MARI-LIIS"]),
    "uto": (["ERIKSSON", "STORMVIND", "UTOPIAN-SMITH", "VAN UTOPIA", "D'ESPÉRANCE", "NORDLANDER"],
            ["ANNA MARIA", "JOHN", "ISAAC", "MIKAEL"], ["ANNA MARIA", "HEDDA", "SOLVEIG ÅSA"]),
}
SPECIMEN_NAMES = {
    "D": ("MUSTERMANN", ["ERIKA", "MAX", "ERIKA ANNA"]), "AUT": ("MUSTERFRAU", ["MARIA"]),
    "GBR": ("SPECIMEN", ["ANGELA ZOE", "JOHN"]), "ESP": ("ESPAÑOLA ESPAÑOLA", ["CARMEN"]),
    "NLD": ("DE BRUIJN", ["WILLEKE LISELOTTE"]), "UTO": ("ERIKSSON", ["ANNA MARIA"]),
    "ITA": ("CAMPIONE", ["ESEMPIO"]), "PRT": ("AMOSTRA", ["ESPÉCIME"]), "SWE": ("SPECIMEN", ["SVEN"]),
    "FRA": ("SPÉCIMEN", ["MARIANNE"]), "CZE": ("SPECIMEN", ["VZOR"]), "POL": ("WZÓR", ["JAN"]),
}
CITIES = {
    "de": ["BERLIN", "MÜNCHEN", "KÖLN", "HAMBURG", "DÜSSELDORF"], "fr": ["PARIS", "LYON", "NÎMES", "ORLÉANS"],
    "es": ["MADRID", "A CORUÑA", "CÁDIZ", "MÁLAGA"], "pt": ["LISBOA", "ÉVORA", "PORTO"],
    "it": ["ROMA", "FORLÌ", "NAPOLI"], "nl": ["AMSTERDAM", "'S-GRAVENHAGE", "UTRECHT"],
    "se": ["GÖTEBORG", "MALMÖ", "UMEÅ"], "no": ["TROMSØ", "BERGEN", "OSLO"], "dk": ["KØBENHAVN", "ÅRHUS"],
    "fi": ["HÄMEENLINNA", "ESPOO"], "is": ["REYKJAVÍK", "AKUREYRI"], "pl": ["ŁÓDŹ", "KRAKÓW", "GDAŃSK"],
    "cz": ["PRAHA", "BRNO", "ČESKÉ BUDĚJOVICE"], "hu": ["BUDAPEST", "PÉCS"], "ro": ["BUCUREȘTI", "IAȘI"],
    "hr": ["ZAGREB", "SPLIT"], "tr": ["İSTANBUL", "İZMİR", "ANKARA"], "ie": ["DUBLIN", "CORCAIGH/CORK"],
    "gb": ["LONDON", "CARDIFF", "GLASGOW"], "us": ["NEW YORK, U.S.A.", "TEXAS, U.S.A."],
    "ca": ["MONTRÉAL", "TORONTO"], "mx": ["CIUDAD DE MÉXICO", "GUADALAJARA"], "br": ["SÃO PAULO", "BELÉM"],
    "au": ["SYDNEY", "PERTH"], "nz": ["AUCKLAND", "WELLINGTON"], "ja": ["TOKYO", "OSAKA"],
    "ko": ["SEOUL", "BUSAN"], "zh": ["BEIJING", "SHANGHAI"], "in": ["CHENNAI", "MUMBAI"],
    "id": ["JAKARTA", "SURABAYA"], "vn": ["HÀ NỘI", "HUẾ"], "ng": ["LAGOS", "ENUGU"], "ke": ["NAIROBI"],
    "za": ["JOHANNESBURG", "DURBAN"], "eg": ["CAIRO", "ALEXANDRIA"], "ma": ["RABAT", "FÈS"],
    "gr": ["ATHINA", "THESSALONIKI"], "ua": ["KYIV", "LVIV"], "lv": ["RĪGA"], "lt": ["VILNIUS", "KAUNAS"],
    "ee": ["TALLINN", "PÄRNU"], "uto": ["ZENITH", "UTOPIA CITY", "NORTH HAVEN"],
}

LABELS = {
    "en": dict(type="Type", code="Code", number="Passport No.", surname="Surname", given="Given names",
               nationality="Nationality", dob="Date of birth", sex="Sex", pob="Place of birth",
               doi="Date of issue", authority="Authority", doe="Date of expiry", personal="Personal No.",
               signature="Holder's signature", card_no="Document No.", address="Address",
               height="Height", eyes="Colour of eyes", idtitle="IDENTITY CARD", rptitle="RESIDENCE PERMIT",
               pptitle="PASSPORT", obs="OBSERVATIONS"),
    "fr": dict(type="Type", code="Code", number="N° du passeport", surname="Nom", given="Prénoms",
               nationality="Nationalité", dob="Date de naissance", sex="Sexe", pob="Lieu de naissance",
               doi="Date de délivrance", authority="Autorité", doe="Date d'expiration",
               personal="N° personnel", signature="Signature du titulaire", card_no="N° du document",
               address="Adresse", height="Taille", eyes="Couleur des yeux", idtitle="CARTE D'IDENTITÉ",
               rptitle="TITRE DE SÉJOUR", pptitle="PASSEPORT", obs="OBSERVATIONS"),
    "de": dict(type="Typ", code="Kode", number="Pass-Nr.", surname="Name", given="Vornamen",
               nationality="Staatsangehörigkeit", dob="Geburtstag", sex="Geschlecht", pob="Geburtsort",
               doi="Ausstellungsdatum", authority="Behörde", doe="Gültig bis", personal="Persönliche Nr.",
               signature="Unterschrift", card_no="Ausweis-Nr.", address="Anschrift", height="Größe",
               eyes="Augenfarbe", idtitle="PERSONALAUSWEIS", rptitle="AUFENTHALTSTITEL", pptitle="REISEPASS",
               obs="AMTLICHE VERMERKE"),
    "es": dict(type="Tipo", code="Código", number="Pasaporte N°", surname="Apellidos", given="Nombre",
               nationality="Nacionalidad", dob="Fecha de nacimiento", sex="Sexo", pob="Lugar de nacimiento",
               doi="Fecha de expedición", authority="Autoridad", doe="Fecha de caducidad",
               personal="N° personal", signature="Firma del titular", card_no="N° de documento",
               address="Domicilio", height="Estatura", eyes="Color de ojos",
               idtitle="DOCUMENTO NACIONAL DE IDENTIDAD", rptitle="PERMISO DE RESIDENCIA", pptitle="PASAPORTE",
               obs="OBSERVACIONES"),
    "it": dict(type="Tipo", code="Codice", number="Passaporto N.", surname="Cognome", given="Nome",
               nationality="Cittadinanza", dob="Data di nascita", sex="Sesso", pob="Luogo di nascita",
               doi="Data di rilascio", authority="Autorità", doe="Data di scadenza", personal="N. personale",
               signature="Firma del titolare", card_no="N. documento", address="Indirizzo", height="Statura",
               eyes="Colore degli occhi", idtitle="CARTA D'IDENTITÀ", rptitle="PERMESSO DI SOGGIORNO",
               pptitle="PASSAPORTO", obs="OSSERVAZIONI"),
    "nl": dict(type="Soort", code="Code", number="Paspoortnr.", surname="Naam", given="Voornamen",
               nationality="Nationaliteit", dob="Geboortedatum", sex="Geslacht", pob="Geboorteplaats",
               doi="Datum van afgifte", authority="Autoriteit", doe="Geldig tot", personal="Persoonsnummer",
               signature="Handtekening houder", card_no="Documentnummer", address="Adres", height="Lengte",
               eyes="Kleur ogen", idtitle="IDENTITEITSKAART", rptitle="VERBLIJFSDOCUMENT", pptitle="PASPOORT",
               obs="OPMERKINGEN"),
    "pl": dict(type="Typ", code="Kod", number="Nr paszportu", surname="Nazwisko", given="Imiona",
               nationality="Obywatelstwo", dob="Data urodzenia", sex="Płeć", pob="Miejsce urodzenia",
               doi="Data wydania", authority="Organ wydający", doe="Data ważności", personal="Nr PESEL",
               signature="Podpis posiadacza", card_no="Nr dokumentu", address="Adres", height="Wzrost",
               eyes="Kolor oczu", idtitle="DOWÓD OSOBISTY", rptitle="KARTA POBYTU", pptitle="PASZPORT",
               obs="UWAGI"),
    "sv": dict(type="Typ", code="Kod", number="Passnummer", surname="Efternamn", given="Förnamn",
               nationality="Nationalitet", dob="Födelsedatum", sex="Kön", pob="Födelseort",
               doi="Utfärdandedatum", authority="Myndighet", doe="Sista giltighetsdag", personal="Personnummer",
               signature="Innehavarens namnteckning", card_no="Dokumentnummer", address="Adress",
               height="Längd", eyes="Ögonfärg", idtitle="IDENTITETSKORT", rptitle="UPPEHÅLLSTILLSTÅND",
               pptitle="PASS", obs="ANTECKNINGAR"),
    "pt": dict(type="Tipo", code="Código", number="Passaporte N.º", surname="Apelido", given="Nome próprio",
               nationality="Nacionalidade", dob="Data de nascimento", sex="Sexo", pob="Local de nascimento",
               doi="Data de emissão", authority="Autoridade", doe="Válido até", personal="N.º pessoal",
               signature="Assinatura do titular", card_no="N.º do documento", address="Morada",
               height="Altura", eyes="Cor dos olhos", idtitle="CARTÃO DE CIDADÃO", rptitle="TÍTULO DE RESIDÊNCIA",
               pptitle="PASSAPORTE", obs="OBSERVAÇÕES"),
}
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
MONTHS_FR = ["JANV", "FÉVR", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"]


def label(lang, key):
    loc = LABELS.get(lang, LABELS["en"])[key]
    en = LABELS["en"][key]
    fr = LABELS["fr"][key]
    if lang == "en":
        return en + " / " + fr
    if lang == "fr":
        return fr + " / " + en
    return loc + " / " + en + " / " + fr


def viz_date(d, style):
    if style == 0:
        return "%02d %s %d" % (d.day, MONTHS[d.month - 1], d.year)
    if style == 1:
        return "%02d.%02d.%d" % (d.day, d.month, d.year)
    if style == 2:
        return "%02d %s/%s %02d" % (d.day, MONTHS_FR[d.month - 1], MONTHS[d.month - 1], d.year % 100)
    if style == 3:
        return "%02d/%02d/%d" % (d.day, d.month, d.year)
    return "%02d %02d %d" % (d.day, d.month, d.year)


# --------------------------------------------------------------------------------------------
# document specification (identity, MRZ, labels)
# --------------------------------------------------------------------------------------------
def rand_date(rng, a, b):
    return a + timedelta(days=rng.randrange((b - a).days + 1))


def weighted(rng, items):
    tot = sum(w for _, w in items)
    r = rng.random() * tot
    for v, w in items:
        r -= w
        if r <= 0:
            return v
    return items[-1][0]


def pick_country(rng, exclude=()):
    items = [(c[0], c[5]) for c in COUNTRIES if c[0] not in exclude]
    return weighted(rng, items)


def pad(s, n):
    assert len(s) <= n, (s, n)
    return s + "<" * (n - len(s))


def build_name_field(primary, secondary, n):
    """-> (field, primary_as_printed, secondary_as_printed) with truncation by simple cut."""
    if secondary and len(primary) + 3 <= n:
        full = (primary + "<<" + secondary)[:n].rstrip("<")
        sec = full[len(primary) + 2:]
        if sec:
            return pad(full, n), primary, sec
    p = primary[:n].rstrip("<")
    return pad(p, n), p, ""


ALNUM_NO_VOWEL = "BCDFGHJKLMNPRSTVWXYZ0123456789"
DIG = "0123456789"
UP = "ABCDEFGHIJKLMNPRSTUVWXYZ"


def rs(rng, alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def make_doc_number(rng, issuer, fmt):
    if issuer == "D":
        return rng.choice("CFGHJKLMNT") + rs(rng, "CFGHJKLMNPRTVWXYZ0123456789", 8)
    if issuer in ("GBR", "USA", "AUS") and fmt == "TD3":
        return rs(rng, DIG, 9) if rng.random() < 0.6 else rng.choice(UP) + rs(rng, DIG, 8)
    if issuer == "FRA":
        return rs(rng, DIG, 2) + rs(rng, UP, 2) + rs(rng, DIG, 5)
    if issuer == "ESP":
        return rng.choice(["PA", "AA", "BA", "CA"]) + rng.choice(UP) + rs(rng, DIG, 6)
    if issuer == "NLD":
        return rs(rng, "BCDFGHJKLMNPRSTVWXYZ", 2) + rs(rng, ALNUM_NO_VOWEL, 6) + rng.choice(DIG)
    r = rng.random()
    if r < 0.3:
        return rs(rng, DIG, 8)
    if r < 0.6:
        return rng.choice(UP) + rs(rng, DIG, 7 + rng.randint(0, 1))
    if r < 0.85:
        return rs(rng, UP, 2) + rs(rng, DIG, 7)
    return rs(rng, ALNUM_NO_VOWEL, 9)


def make_personal(rng, issuer, dob, fmt, maxlen):
    """Raw MRZ content for the personal-number / optional-data field (may be empty)."""
    ymd = dob.strftime("%y%m%d")
    dmy = dob.strftime("%d%m%y")
    opts = {
        "SWE": lambda: dob.strftime("%Y%m%d")[2:] + rs(rng, DIG, 4),
        "NOR": lambda: dmy + rs(rng, DIG, 5),
        "FIN": lambda: dmy + "<" + rs(rng, DIG, 3) + rng.choice("0123456789ABCDEFHJKLMNPRSTUVWXY"),
        "ISL": lambda: dmy + "<" + rs(rng, DIG, 4),
        "NLD": lambda: rs(rng, DIG, 9),
        "LTU": lambda: rng.choice("3456") + ymd + rs(rng, DIG, 4),
        "EST": lambda: rng.choice("3456") + ymd + rs(rng, DIG, 4),
        "POL": lambda: ymd + rs(rng, DIG, 5),
        "ESP": lambda: rs(rng, DIG, 8) + rng.choice("TRWAGMYFPDXBNJZSQVHLCKE"),
        "BEL": lambda: ymd + rs(rng, DIG, 5),
        "TUR": lambda: rng.choice("123456789") + rs(rng, DIG, 10),
        "LVA": lambda: dmy + "<" + rs(rng, DIG, 5),
        "AUS": lambda: "<" + rs(rng, DIG, 8) + rng.choice(UP),
        "ITA": lambda: "",
        "D": lambda: "",
        "GBR": lambda: "",
        "USA": lambda: "",
        "UTO": lambda: rng.choice(["ZE", "AB", "XY"]) + rs(rng, DIG, 6) + rng.choice(UP),
    }
    if issuer in opts and rng.random() < 0.85:
        v = opts[issuer]()
    elif rng.random() < 0.45:
        v = ""
    else:
        k = rng.randint(5, min(12, maxlen))
        v = rs(rng, DIG + UP, k)
        if k >= 8 and rng.random() < 0.3:
            i = rng.randint(2, k - 3)
            v = v[:i] + "<" + v[i + 1:]
    v = v[:maxlen].rstrip("<")
    return v


def make_person(rng, culture, sex, long_name=False, mononym=False):
    S, M, F = NAMES[culture]
    pool = M if sex == "M" else F if sex == "F" else M + F
    surname = rng.choice(S)
    given = rng.choice(pool)
    if rng.random() < 0.18 and " " not in surname and "-" not in surname:
        other = rng.choice(S)
        if other != surname:
            surname = surname + rng.choice(["-", " "]) + other
    if rng.random() < 0.25:
        g2 = rng.choice(pool)
        if g2 != given:
            given = given + " " + g2
    if long_name:
        surname = " ".join(rng.sample(S, min(3, len(S))))
        g = rng.sample(pool, min(3, len(pool)))
        given = " ".join(g + ["ALEXANDRA" if sex == "F" else "MAXIMILIAN"])
    if mononym:
        given = ""
    return surname, given


def plan(seed, count):
    shares = [("TD3", 0.40), ("TD1", 0.25), ("TD2", 0.10), ("FAIL", 0.10), ("VISA", 0.08), ("NOMRZ", 0.07)]
    raw = [(k, s * count) for k, s in shares]
    n = {k: int(math.floor(v)) for k, v in raw}
    left = count - sum(n.values())
    for k, v in sorted(raw, key=lambda kv: -(kv[1] - math.floor(kv[1]))):
        if left <= 0:
            break
        n[k] += 1
        left -= 1
    kinds = [k for k, _ in shares for _ in range(n[k])]
    random.Random("indep-specimens-plan:%d:%d" % (seed, count)).shuffle(kinds)
    return list(enumerate(kinds, 1))


def make_spec(rng, kind):
    """Identity, MRZ lines and labels for one document."""
    S = {"notes": [], "lenient": [], "ambiguous": []}
    if kind in ("TD3", "TD1", "TD2"):
        fmt, outcome = kind, "read"
    elif kind == "FAIL":
        fmt, outcome = weighted(rng, [("TD1", 4), ("TD3", 4), ("TD2", 2)]), "checks_fail"
    elif kind == "VISA":
        fmt, outcome = rng.choice(["MRVA", "MRVB"]), "unsupported_document"
    else:
        return make_nomrz_spec(rng, S)
    S["fmt"], S["outcome"] = fmt, outcome
    issuer = pick_country(rng)
    c = COUNTRY[issuer]
    S["country"] = c
    lang, culture = c[3], c[4]
    # document code and kind
    if fmt == "TD3":
        code = weighted(rng, [("P<", 78), ("PD", 5), ("PO", 5), ("PA", 4), ("PP", 4), ("PS", 4)])
        dkind = "passport"
    elif fmt in ("TD1", "TD2"):
        code = weighted(rng, [("I<", 40), ("ID", 38), ("IR", 22)])
        dkind = "residence_permit" if code == "IR" else "id_card"
        if issuer == "D" and code != "IR":
            code = "ID"
    else:
        code = weighted(rng, [("V<", 50), ("VC", 30), ("VD", 10), ("VB", 10)])
        dkind = "visa"
    # nationality
    nat, nat_culture = issuer, culture
    if fmt in ("TD1", "TD2") and code == "IR" or fmt in ("MRVA", "MRVB"):
        nat, nat_culture = rng.choice([f for f in FOREIGN if f[0] != issuer])
    elif fmt == "TD3" and issuer == "GBR" and rng.random() < 0.35:
        nat = rng.choice(["GBD", "GBN", "GBO", "GBP", "GBS"])
    elif fmt == "TD3" and issuer in ("D", "FRA", "NLD", "SWE", "BEL", "AUT", "CHE", "UTO") and rng.random() < 0.12:
        nat, nat_culture = rng.choice(["XXA", "XXB", "XXC"]), rng.choice(["eg", "ua", "ke", "in"])
        code = "P<" if rng.random() < 0.6 else "PT"
        dkind = "travel_document"
        S["notes"].append("travel document for a stateless person / refugee (nationality %s has no ISO country)" % nat)
    if fmt in ("MRVA", "MRVB") and rng.random() < 0.2:
        nat, nat_culture = rng.choice(COUNTRIES)[0], "uto"
        nat_culture = COUNTRY[nat][4]
    S["code"], S["dkind"], S["issuer"], S["nat"] = code, dkind, issuer, nat
    # sex
    sex = weighted(rng, [("M", 46), ("F", 46), ("X", 3), ("<", 5)])
    if issuer == "D" and fmt == "TD1" and code == "ID" and rng.random() < 0.8:
        sex = "<"
    S["sex"] = sex
    # name
    nlen = {"TD3": 39, "TD1": 30, "TD2": 31, "MRVA": 39, "MRVB": 31}[fmt]
    long_name = rng.random() < 0.12
    mononym = (not long_name) and rng.random() < 0.06
    if issuer in SPECIMEN_NAMES and nat == issuer and rng.random() < 0.15 and not long_name:
        surname, gl = SPECIMEN_NAMES[issuer]
        given = "" if mononym else rng.choice(gl)
    else:
        surname, given = make_person(rng, nat_culture if nat_culture in NAMES else culture,
                                     sex if sex in "MF" else "X", long_name, mononym)
    S["surname"], S["given"] = surname, given
    prim = mrz_name_part(surname, issuer)
    sec = mrz_name_part(given, issuer) if given else ""
    field, pout, sout = build_name_field(prim, sec, nlen)
    S["name_field"] = field
    S["truncated"] = (pout != prim) or (sout != sec)
    if S["truncated"]:
        S["notes"].append("name truncated in the MRZ")
    if mrz_name_part(surname, issuer) != surname.replace(" ", "<").replace("-", "<") or (
            given and mrz_name_part(given, issuer) != given.replace(" ", "<").replace("-", "<")):
        S["notes"].append("VIZ name with diacritics/punctuation, transliterated in the MRZ")
    if not sout:
        S["lenient"].append("firstName")
        S["notes"].append("MRZ has a primary identifier only (firstName null)")
    # dates: expiry both sides of the reference date
    child = rng.random() < 0.12
    validity = 5 if (child or fmt in ("MRVA", "MRVB") or rng.random() < 0.3) else 10
    if fmt in ("MRVA", "MRVB"):
        validity = rng.choice([1, 2, 5])
    if rng.random() < 0.5:
        doe = rand_date(rng, date(2006, 1, 1), REFERENCE_DATE - timedelta(days=11))
    else:  # still valid, issued before the reference date
        doe = rand_date(rng, REFERENCE_DATE + timedelta(days=11),
                        min(date(2036, 12, 31), REFERENCE_DATE + timedelta(days=int(validity * 365.25) - 20)))
    try:
        doi = doe.replace(year=doe.year - validity) + timedelta(days=1)
    except ValueError:
        doi = doe - timedelta(days=365 * validity)
    age_years = rng.uniform(0.5, 16) if child else rng.uniform(18, 85)
    dob = doi - timedelta(days=int(age_years * 365.25))
    lo = date(1927, 1, 2)
    if dob < lo:
        dob = rand_date(rng, lo, date(1940, 12, 31))
    if dob > doi:
        dob = doi - timedelta(days=200)
    assert lo <= dob < doi < REFERENCE_DATE, (dob, doi)
    S["dob"], S["doe"], S["doi"] = dob, doe, doi
    # numbers
    docnum = make_doc_number(rng, issuer, fmt)
    long_number = fmt == "TD1" and rng.random() < 0.15
    if long_number:
        docnum = rs(rng, UP, 2) + rs(rng, DIG + UP, rng.randint(8, 10))
        S["lenient"].append("personalNumber")
        S["notes"].append("TD1 long document number (%d characters) continued in optional data 1" % len(docnum))
    S["docnum"] = docnum
    if fmt == "TD3":
        personal = make_personal(rng, issuer, dob, fmt, 14)
    elif fmt == "TD1":
        personal = "" if long_number else make_personal(rng, issuer, dob, fmt, 15)
    elif fmt == "TD2":
        personal = make_personal(rng, issuer, dob, fmt, 7) if rng.random() < 0.5 else ""
    else:
        personal = ""
    S["personal"] = personal
    opt2 = ""
    if fmt == "TD1" and rng.random() < 0.1:
        opt2 = rs(rng, DIG, rng.randint(4, 11))
        if "personalNumber" not in S["lenient"]:
            S["lenient"].append("personalNumber")
        S["notes"].append("TD1 optional data 2 used")
    S["opt2"] = opt2
    build_lines(S)
    if outcome == "checks_fail":
        corrupt(rng, S)
    finish_labels(S)
    return S


def build_lines(S):
    fmt, code, iss, nat = S["fmt"], S["code"], S["issuer"], S["nat"]
    dob, doe = S["dob"].strftime("%y%m%d"), S["doe"].strftime("%y%m%d")
    sex, num, pers = S["sex"], S["docnum"], S["personal"]
    cd = check_digit
    if fmt == "TD3":
        l1 = code + pad(iss, 3) + S["name_field"]
        pn = pad(pers, 14)
        pcd = cd(pn) if pers else S.get("empty_pcd", "<")
        l2 = pad(num, 9) + cd(pad(num, 9)) + pad(nat, 3) + dob + cd(dob) + sex + doe + cd(doe) + pn + pcd
        l2 += cd(l2[0:10] + l2[13:20] + l2[21:43])
        lines = [l1, l2]
    elif fmt == "TD2":
        l1 = code + pad(iss, 3) + S["name_field"]
        l2 = pad(num, 9) + cd(pad(num, 9)) + pad(nat, 3) + dob + cd(dob) + sex + doe + cd(doe) + pad(pers, 7)
        l2 += cd(l2[0:10] + l2[13:20] + l2[21:35])
        lines = [l1, l2]
    elif fmt == "TD1":
        if len(num) > 9:
            l1 = code + pad(iss, 3) + num[:9] + "<" + pad(num[9:] + cd(num) + "<", 15)
        else:
            l1 = code + pad(iss, 3) + pad(num, 9) + cd(pad(num, 9)) + pad(pers, 15)
        l2 = dob + cd(dob) + sex + doe + cd(doe) + pad(nat, 3) + pad(S["opt2"], 11)
        l2 += cd(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29])
        lines = [l1, l2, S["name_field"]]
    else:
        ol = 16 if fmt == "MRVA" else 8
        l1 = code + pad(iss, 3) + S["name_field"]
        l2 = pad(num, 9) + cd(pad(num, 9)) + pad(nat, 3) + dob + cd(dob) + sex + doe + cd(doe) + "<" * ol
        lines = [l1, l2]
    for ln in lines:
        assert len(ln) == {"TD3": 44, "MRVA": 44, "TD2": 36, "MRVB": 36, "TD1": 30}[fmt], (fmt, ln)
    S["lines"] = lines


def _valid_yymmdd(s, birth):
    try:
        d = _birth(s) if birth else _expiry(s)
    except ValueError:
        return False
    return d <= REFERENCE_DATE if birth else True


def corrupt(rng, S):
    """Change one data character or one check digit in the printed MRZ (after computing digits)."""
    fmt = S["fmt"]
    lines = list(S["lines"])
    # candidate positions: (line, index, what)
    if fmt == "TD1":
        num_len = len(S["docnum"])
        cands = [(0, i, "documentNumber") for i in range(5, 5 + min(9, num_len))]
        cands += [(0, 14 if num_len <= 9 else 15 + num_len - 9, "documentNumber-check")]
        cands += [(1, i, "dateOfBirth") for i in range(0, 6)] + [(1, 6, "dateOfBirth-check")]
        cands += [(1, i, "dateOfExpiry") for i in range(8, 14)] + [(1, 14, "dateOfExpiry-check")]
        cands += [(1, 29, "composite-check")]
    else:
        cands = [(1, i, "documentNumber") for i in range(0, len(S["docnum"]))] + [(1, 9, "documentNumber-check")]
        cands += [(1, i, "dateOfBirth") for i in range(13, 19)] + [(1, 19, "dateOfBirth-check")]
        cands += [(1, i, "dateOfExpiry") for i in range(21, 27)] + [(1, 27, "dateOfExpiry-check")]
        if fmt == "TD3":
            if S["personal"]:
                cands += [(1, 28 + i, "personalNumber") for i, ch in enumerate(S["personal"]) if ch != "<"]
                cands += [(1, 42, "personalNumber-check")]
            cands += [(1, 43, "composite-check")]
        else:
            cands += [(1, 35, "composite-check")]
    for _ in range(200):
        li, pos, what = rng.choice(cands)
        old = lines[li][pos]
        if what.endswith("check") or old.isdigit():
            new = rng.choice([d for d in DIG if d != old])
        else:
            new = rng.choice([ch for ch in UP if ch != old])
        cand = lines[li][:pos] + new + lines[li][pos + 1:]
        trial = list(lines)
        trial[li] = cand
        # dates must stay valid calendar dates in the README century windows
        if fmt == "TD1":
            dob_s, doe_s = trial[1][0:6], trial[1][8:14]
        else:
            dob_s, doe_s = trial[1][13:19], trial[1][21:27]
        if not (_valid_yymmdd(dob_s, True) and _valid_yymmdd(doe_s, False)):
            continue
        if abs((_expiry(doe_s) - REFERENCE_DATE).days) <= 10:
            continue
        p = parse_mrz(trial)
        failed = [k for k, v in p["checks"].items() if not v]
        field = what.replace("-check", "")
        if field == "composite":
            want = ["composite"]
        else:
            want = sorted({field, "composite"})
        if sorted(failed) != want:
            continue
        S["lines"] = trial
        S["corruption"] = (li, pos, old, new, what)
        S["intended_fail"] = want
        kind = "check digit" if what.endswith("check") else "data character"
        S["notes"].append("MRZ printed with one %s changed after the check digits were computed "
                          "(line %d position %d: %s -> %s); %s check digit(s) fail" % (
                              kind, li + 1, pos + 1, old, new, "/".join(want)))
        # reflect the printed (altered) values in the generator-side fields
        if field == "documentNumber" and what == "documentNumber":
            if fmt == "TD1":
                n = S["docnum"]
                S["docnum"] = n[:pos - 5] + new + n[pos - 5 + 1:]
            else:
                n = S["docnum"]
                S["docnum"] = n[:pos] + new + n[pos + 1:]
        elif what == "dateOfBirth":
            S["dob"] = _birth(dob_s)
        elif what == "dateOfExpiry":
            S["doe"] = _expiry(doe_s)
        elif what == "personalNumber":
            i = pos - 28
            S["personal"] = S["personal"][:i] + new + S["personal"][i + 1:]
        return
    raise RuntimeError("could not corrupt MRZ")


def finish_labels(S):
    fmt = S["fmt"]
    nf = S["name_field"].rstrip("<")
    # generator-side expected (from the field values the generator printed)
    prim = mrz_name_part(S["surname"], S["issuer"])
    sec = mrz_name_part(S["given"], S["issuer"]) if S["given"] else ""
    _, pout, sout = build_name_field(prim, sec, len(S["name_field"]))
    assert nf == (pout + ("<<" + sout if sout else ""))
    last = pout.replace("<", " ")
    first = sout.replace("<", " ") or None
    pers = None if fmt in ("MRVA", "MRVB") else (S["personal"].strip("<").replace("<", " ") or None)
    exp = {
        "documentCode": S["code"].replace("<", ""),
        "lastName": last,
        "firstName": first,
        "fullName": (first + " " + last) if first else last,
        "documentNumber": S["docnum"],
        "personalNumber": pers,
        "nationality": iso3(S["nat"]),
        "issuingCountry": iso3(S["issuer"]),
        "dateOfBirth": S["dob"].isoformat(),
        "dateOfExpiry": S["doe"].isoformat(),
        "sex": S["sex"] if S["sex"] in "MFX" else None,
        "mrzNationality": S["nat"],
        "mrzIssuingState": S["issuer"],
        "expiredOnReferenceDate": S["doe"] < REFERENCE_DATE,
    }
    parsed_exp, p = expected_from_mrz(S["lines"])
    assert parsed_exp == exp, (S["lines"], parsed_exp, exp)
    assert p["format"] == fmt
    checks = p["checks"]
    if S["outcome"] == "checks_fail":
        assert sorted(k for k, v in checks.items() if not v) == S["intended_fail"], checks
    else:
        assert all(checks.values()), (S["lines"], checks)
    S["checks"] = checks
    S["expected"] = exp


NOMRZ_KINDS = [("card_front", 4), ("cover", 3), ("driving_licence", 2), ("member_card", 1)]


def make_nomrz_spec(rng, S):
    sub = weighted(rng, NOMRZ_KINDS)
    issuer = pick_country(rng)
    c = COUNTRY[issuer]
    sex = rng.choice("MF")
    surname, given = make_person(rng, c[4], sex)
    doe = rand_date(rng, date(2008, 1, 1), date(2034, 12, 31))
    dob = rand_date(rng, date(1940, 1, 1), date(1998, 12, 31))
    S.update(fmt="none", outcome="no_mrz", nomrz=sub, country=c, issuer=issuer, nat=issuer, sex=sex,
             surname=surname, given=given, dob=dob, doe=doe, doi=doe - timedelta(days=3652),
             docnum=make_doc_number(rng, issuer, "TD1"), code="ID", personal="", expected=None)
    S["dkind"] = {"card_front": "id_card", "cover": "passport", "driving_licence": "driving_licence",
                  "member_card": "other"}[sub]
    S["docType"] = {"card_front": "TD1", "cover": "TD3", "driving_licence": "none", "member_card": "none"}[sub]
    S["notes"].append({"card_front": "front side of an ID card only (MRZ is on the unseen back)",
                       "cover": "passport booklet cover, no MRZ",
                       "driving_licence": "driving-licence front without MRZ",
                       "member_card": "membership card mock-up, not an identity document"}[sub])
    return S


# --------------------------------------------------------------------------------------------
# drawing primitives
# --------------------------------------------------------------------------------------------
PALETTES = [
    ((236, 226, 240), (214, 232, 224), [(150, 90, 160), (60, 140, 120), (190, 120, 90)]),
    ((232, 238, 246), (244, 232, 220), [(70, 110, 170), (180, 100, 80), (90, 150, 170)]),
    ((244, 238, 218), (224, 236, 214), [(160, 130, 60), (90, 140, 80), (180, 90, 110)]),
    ((238, 230, 226), (226, 236, 242), [(170, 80, 80), (80, 120, 170), (130, 110, 170)]),
    ((226, 240, 236), (240, 236, 226), [(40, 130, 130), (150, 120, 70), (110, 90, 150)]),
    ((246, 236, 238), (232, 232, 246), [(190, 90, 130), (100, 100, 180), (120, 160, 120)]),
]


def security_background(W, H, ppm, rng, pal, clear_y=None):
    """Pastel gradient with guilloche line families and a rosette (numpy, float32)."""
    base1, base2, inks = pal
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    x = xx / ppm
    y = yy / ppm
    a = rng.uniform(0, 2 * math.pi)
    g = x * math.cos(a) + y * math.sin(a)
    g = (g - g.min()) / (float(g.max() - g.min()) + 1e-6)
    img = np.array(base1, np.float32)[None, None, :] * (1 - g[..., None]) + np.array(base2, np.float32)[None, None, :] * g[..., None]
    weight = np.ones((H, W), np.float32)
    if clear_y is not None:
        cy = clear_y * ppm
        weight = np.where(yy >= cy, rng.uniform(0.15, 0.35), 1.0).astype(np.float32)
    fams = rng.randint(2, 3)
    for k in range(fams):
        lam = rng.uniform(0.9, 2.2)
        A = rng.uniform(1.0, 4.5)
        lam2 = rng.uniform(6, 28)
        th = rng.uniform(0, math.pi)
        u = x * math.cos(th) + y * math.sin(th)
        v = -x * math.sin(th) + y * math.cos(th)
        f = 2 * math.pi * u / lam + A * np.sin(2 * math.pi * v / lam2 + rng.uniform(0, 6.3))
        half = max(rng.uniform(0.04, 0.08), 0.45 / ppm)
        tau = math.pi * half / lam
        inten = np.clip(1.0 - np.abs(np.sin(f / 2)) / tau, 0, 1) * rng.uniform(0.25, 0.5)
        ink = np.array(inks[k % len(inks)], np.float32)
        al = (inten * weight)[..., None]
        img = img * (1 - al) + ink[None, None, :] * al
    # rosette
    cx, cy = rng.uniform(0.3, 0.8) * W / ppm, rng.uniform(0.2, 0.6) * H / ppm
    r = np.sqrt((x - cx) ** 2 + (y - cy) ** 2)
    t = np.arctan2(y - cy, x - cx)
    lam = rng.uniform(1.2, 2.0)
    f = 2 * math.pi * r / lam + rng.uniform(2, 5) * np.sin(rng.randint(6, 14) * t)
    half = max(0.05, 0.45 / ppm)
    inten = np.clip(1.0 - np.abs(np.sin(f / 2)) / (math.pi * half / lam), 0, 1)
    inten *= np.clip(1.0 - r / rng.uniform(15, 35), 0, 1) * rng.uniform(0.2, 0.4)
    ink = np.array(inks[-1], np.float32)
    al = (inten * weight)[..., None]
    img = img * (1 - al) + ink[None, None, :] * al
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")


SKINS = [(241, 204, 178), (224, 172, 138), (198, 140, 100), (160, 110, 75), (120, 80, 55), (236, 190, 160)]
HAIRS = [(40, 30, 25), (90, 60, 35), (150, 110, 60), (200, 170, 110), (120, 120, 120), (20, 20, 20), (170, 80, 40)]
CLOTH = [(40, 50, 80), (60, 60, 60), (120, 30, 40), (30, 80, 60), (200, 200, 205), (70, 90, 130)]


def draw_portrait(img, box, rng, grey=False, silhouette=False):
    x0, y0, x1, y1 = [int(round(v)) for v in box]
    w, h = max(8, x1 - x0), max(8, y1 - y0)
    top = np.array([rng.randint(200, 235), rng.randint(205, 235), rng.randint(215, 245)], np.float32)
    bot = top - rng.randint(10, 35)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    arr = np.broadcast_to(top * (1 - t) + bot * t, (h, w, 3))
    layer = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    d = ImageDraw.Draw(layer)
    cx = w * rng.uniform(0.46, 0.54)
    if silhouette:
        col = (rng.randint(120, 165),) * 3
        d.ellipse([cx - 0.52 * w, 0.70 * h, cx + 0.52 * w, 1.5 * h], fill=col)
        d.rectangle([cx - 0.1 * w, 0.5 * h, cx + 0.1 * w, 0.8 * h], fill=col)
        d.ellipse([cx - 0.23 * w, 0.16 * h, cx + 0.23 * w, 0.64 * h], fill=col)
    else:
        skin = rng.choice(SKINS)
        hair = rng.choice(HAIRS)
        cloth = rng.choice(CLOTH)
        dark = tuple(int(c * 0.85) for c in skin)
        long_hair = rng.random() < 0.4
        if long_hair:
            d.rounded_rectangle([cx - 0.28 * w, 0.14 * h, cx + 0.28 * w, 0.78 * h], radius=int(0.2 * w), fill=hair)
        d.ellipse([cx - 0.52 * w, 0.72 * h, cx + 0.52 * w, 1.5 * h], fill=cloth)
        d.polygon([(cx - 0.12 * w, 0.72 * h), (cx, 0.86 * h), (cx + 0.12 * w, 0.72 * h)], fill=dark)
        d.rectangle([cx - 0.09 * w, 0.52 * h, cx + 0.09 * w, 0.74 * h], fill=dark)
        d.ellipse([cx - 0.25 * w, 0.35 * h, cx - 0.19 * w, 0.47 * h], fill=dark)
        d.ellipse([cx + 0.19 * w, 0.35 * h, cx + 0.25 * w, 0.47 * h], fill=dark)
        d.ellipse([cx - 0.21 * w, 0.17 * h, cx + 0.21 * w, 0.65 * h], fill=skin)
        d.chord([cx - 0.23 * w, 0.12 * h, cx + 0.23 * w, 0.42 * h], 180, 360, fill=hair)
        ey = 0.39 * h
        for sx in (-1, 1):
            ex = cx + sx * 0.085 * w
            d.ellipse([ex - 0.045 * w, ey - 0.018 * h, ex + 0.045 * w, ey + 0.018 * h], fill=(245, 245, 245))
            d.ellipse([ex - 0.02 * w, ey - 0.016 * h, ex + 0.02 * w, ey + 0.016 * h], fill=(50, 40, 35))
            d.line([ex - 0.05 * w, ey - 0.04 * h, ex + 0.05 * w, ey - 0.045 * h], fill=hair, width=max(1, int(0.012 * h)))
        d.line([cx, 0.42 * h, cx - 0.02 * w, 0.50 * h, cx + 0.025 * w, 0.505 * h], fill=dark, width=max(1, int(0.008 * h)))
        d.arc([cx - 0.07 * w, 0.50 * h, cx + 0.07 * w, 0.58 * h], 20, 160, fill=(150, 70, 70), width=max(1, int(0.01 * h)))
    if grey:
        layer = ImageOps.grayscale(layer).convert("RGB")
    img.paste(layer, (x0, y0))


def draw_signature(draw, box, rng, color, width):
    x0, y0, x1, y1 = box
    n = rng.randint(7, 13)
    pts = []
    for i in range(n):
        px = x0 + (x1 - x0) * (i / (n - 1)) * rng.uniform(0.85, 1.0)
        py = y0 + (y1 - y0) * rng.uniform(0.15, 0.95)
        pts.append((px, py))
    path = []
    for i in range(len(pts) - 1):
        p0 = pts[max(0, i - 1)]
        p1, p2 = pts[i], pts[i + 1]
        p3 = pts[min(len(pts) - 1, i + 2)]
        for s in range(10):
            t = s / 10
            t2, t3 = t * t, t * t * t
            qx = 0.5 * ((2 * p1[0]) + (-p0[0] + p2[0]) * t + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2 + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3)
            qy = 0.5 * ((2 * p1[1]) + (-p0[1] + p2[1]) * t + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2 + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3)
            path.append((qx, qy))
    draw.line(path, fill=color, width=max(1, int(round(width))), joint="curve")


class Card:
    """A document surface drawn in millimetre coordinates."""

    def __init__(self, w_mm, h_mm, ppm, rng, pal=None, clear_y=None, bg=None):
        self.w_mm, self.h_mm, self.ppm, self.rng = w_mm, h_mm, ppm, rng
        self.W, self.H = int(round(w_mm * ppm)), int(round(h_mm * ppm))
        self.pal = pal or rng.choice(PALETTES)
        if bg is not None:
            self.img = Image.new("RGB", (self.W, self.H), bg)
        else:
            self.img = security_background(self.W, self.H, ppm, rng, self.pal, clear_y)
        self.d = ImageDraw.Draw(self.img)
        self.zones = {}
        self.value_font = rng.choice([SANS_B, SANS_CB, SANS, SERIF_B])
        self.label_font = rng.choice([SANS, SANS_C, LSANS, LSERIF_I, SANS_I])
        self.ink = rng.choice([(20, 20, 30), (30, 30, 60), (35, 25, 25), (15, 35, 50)])
        self.label_ink = tuple(int(c * 0.55) for c in self.pal[2][0])

    def p(self, v):
        return v * self.ppm

    def text(self, x, y, s, path, size_mm, fill, anchor="ls", max_w_mm=None):
        f = font(path, size_mm * self.ppm) if max_w_mm is None else fit_font(path, size_mm * self.ppm, s, max_w_mm * self.ppm)
        self.d.text((self.p(x), self.p(y)), s, font=f, fill=fill, anchor=anchor)
        return f

    def field(self, x, y, lab, val, w_mm, lsize=1.35, vsize=2.5):
        self.text(x, y, lab, self.label_font, lsize, self.label_ink, max_w_mm=w_mm)
        self.text(x, y + vsize * 1.05, val, self.value_font, vsize, self.ink, max_w_mm=w_mm)

    def zone(self, name, x0, y0, x1, y1):
        self.zones[name] = (self.p(x0), self.p(y0), self.p(x1), self.p(y1))

    def mrz(self, lines, baseline2_mm, pitch_line_mm=4.4):
        """OCR-B at 10 characters per 25.4 mm, centred horizontally; returns the char bbox."""
        n = len(lines[0])
        pitch = 2.54 * self.ppm
        size = pitch / OCRB_ADVANCE
        f = font(OCRB, size)
        x0 = (self.w_mm - n * 2.54) / 2 + self.rng.uniform(-0.6, 0.6)
        ink = self.rng.choice([(15, 15, 15), (30, 30, 35), (20, 22, 40), (40, 35, 35)])
        nl = len(lines)
        tops, bots = [], []
        for li, ln in enumerate(lines):
            base = baseline2_mm - (nl - 1 - li) * pitch_line_mm
            for i, ch in enumerate(ln):
                jx = self.rng.uniform(-0.04, 0.04)
                jy = self.rng.uniform(-0.05, 0.05)
                self.d.text((self.p(x0 + jx) + i * pitch, self.p(base + jy)), ch, font=f, fill=ink, anchor="ls")
            tops.append(base - 0.80 * size / self.ppm)
            bots.append(base + 0.03 * size / self.ppm)
        self.zone("mrz", x0, min(tops), x0 + n * 2.54, max(bots))
        self.mrz_char_mm = 0.72 * size / self.ppm

    def header(self, title_big, title_small, y_mm=5.0, align="c"):
        c = self.rng.choice([(25, 40, 90), (110, 25, 35), (20, 70, 60), (40, 40, 40), (80, 40, 110)])
        x = self.w_mm / 2 if align == "c" else 5
        anchor = "ms" if align == "c" else "ls"
        self.text(x, y_mm, title_big, self.rng.choice([SANS_B, SERIF_B, LSERIF_B, LSANS_B]), 2.9, c, anchor, max_w_mm=self.w_mm - 10)
        self.text(x, y_mm + 3.6, title_small, self.rng.choice([SANS, LSANS, SERIF]), 2.1, c, anchor, max_w_mm=self.w_mm - 10)
        self.zone("header", 3, y_mm - 3.2, self.w_mm - 3, y_mm + 4.4)

    def finish(self, radius_mm):
        img = self.img.convert("RGBA")
        mask = Image.new("L", img.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, self.W - 1, self.H - 1], radius=int(radius_mm * self.ppm), fill=255)
        img.putalpha(mask)
        self.zones["doc"] = (0, 0, self.W, self.H)
        return img


def nat_display(code):
    if code in SPECIAL_NAT:
        return SPECIAL_NAT[code]
    if code in COUNTRY:
        return COUNTRY[code][6]
    return FOREIGN_DEMONYM.get(code, code)


def doc_title(S, key):
    lang = S["country"][3]
    loc = LABELS.get(lang, LABELS["en"])[key]
    en = LABELS["en"][key]
    return loc if loc == en else loc + " / " + en


# --------------------------------------------------------------------------------------------
# document renderers (return RGBA image + zones in its px coordinates)
# --------------------------------------------------------------------------------------------
def render_td3(S, ppm, rng):
    c = Card(125, 88, ppm, rng, clear_y=72.5)
    lang = S["country"][3]
    c.header(S["country"][1], doc_title(S, "pptitle") if S["dkind"] == "passport" else "TRAVEL DOCUMENT / TITRE DE VOYAGE")
    px0, py0 = 5.0, 14.5
    draw_portrait(c.img, (c.p(px0), c.p(py0), c.p(px0 + 31), c.p(py0 + 39)), rng, grey=rng.random() < 0.4,
                  silhouette=rng.random() < 0.3)
    c.zone("photo", px0, py0, px0 + 31, py0 + 39)
    ds = rng.randint(0, 4)
    x = 40.0
    y = 14.5
    rh = 6.0
    rows = [
        [("type", S["code"].replace("<", ""), 14), ("code", S["issuer"], 16), ("number", S["docnum"], 40)],
        [("surname", S["surname"], 82)],
        [("given", S["given"] or "—", 82)],
        [("nationality", nat_display(S["nat"]), 82)],
        [("dob", viz_date(S["dob"], ds), 36), ("personal", S["personal"].replace("<", " ") or "—", 42)],
        [("sex", {"<": "—"}.get(S["sex"], S["sex"]), 14), ("pob", rng.choice(CITIES[S["country"][4]]), 60)],
        [("doi", viz_date(S["doi"], ds), 36), ("authority", rng.choice(["MINISTRY OF FOREIGN AFFAIRS", "PASSPORT OFFICE", "STADT " + rng.choice(CITIES["de"]), "HMPO", "PRÉFECTURE"]), 46)],
        [("doe", viz_date(S["doe"], ds), 36)],
    ]
    for row in rows:
        xx = x
        for key, val, w in row:
            c.field(xx, y, label(lang, key), val, w - 1)
            xx += w
        y += rh
    c.zone("viz", x - 1, 12.5, 123, y - 1.5)
    # signature and ghost image
    c.text(px0, 57.5, LABELS["en"]["signature"], c.label_font, 1.3, c.label_ink)
    draw_signature(c.d, (c.p(px0 + 1), c.p(58.5), c.p(px0 + 30), c.p(66)), rng, (25, 35, 110), 0.3 * ppm)
    c.zone("signature", px0, 56, px0 + 31, 67)
    if rng.random() < 0.6:
        gx, gy = 104, 50
        ghost = Image.new("RGB", (int(c.p(15)), int(c.p(19))))
        draw_portrait(ghost, (0, 0, ghost.width, ghost.height), rng, grey=True)
        ghost = ImageOps.autocontrast(ghost).point(lambda v: 150 + v * 105 // 255)
        c.img.paste(Image.blend(c.img.crop((int(c.p(gx)), int(c.p(gy)), int(c.p(gx)) + ghost.width, int(c.p(gy)) + ghost.height)), ghost, 0.45),
                    (int(c.p(gx)), int(c.p(gy))))
    c.mrz(S["lines"], 83.2, 4.5)
    return c.finish(rng.uniform(2.5, 4.5)), c.zones, c.mrz_char_mm


def render_facing_page(S, ppm, rng, pal):
    c = Card(125, 88, ppm, rng, pal=pal)
    lang = S["country"][3]
    c.text(62.5, 10, doc_title(S, "obs"), rng.choice([SANS_B, SERIF_B]), 2.6, (60, 60, 80), "ms")
    for i in range(rng.randint(0, 3)):
        y = 20 + i * 8
        c.d.line([c.p(10), c.p(y), c.p(115), c.p(y)], fill=(150, 150, 170), width=max(1, int(0.15 * ppm)))
    c.text(62.5, 84, str(rng.randint(2, 3)), SANS, 2.2, (80, 80, 90), "ms")
    return c.finish(3)


def render_td1_front(S, ppm, rng, pal=None):
    c = Card(85.6, 54, ppm, rng, pal=pal)
    lang = S["country"][3]
    title = doc_title(S, "rptitle" if S["dkind"] == "residence_permit" else "idtitle")
    c.header(S["country"][1], title, y_mm=4.6)
    draw_portrait(c.img, (c.p(3.5), c.p(11), c.p(27), c.p(41)), rng, grey=rng.random() < 0.5, silhouette=rng.random() < 0.3)
    c.zone("photo", 3.5, 11, 27, 41)
    ds = rng.randint(0, 4)
    x, y = 30.0, 12.0
    c.field(x, y, label(lang, "surname"), S["surname"], 53, 1.15, 2.2)
    c.field(x, y + 5.2, label(lang, "given"), S["given"] or "—", 53, 1.15, 2.2)
    c.field(x, y + 10.4, label(lang, "sex"), {"<": "—"}.get(S["sex"], S["sex"]), 10, 1.15, 2.2)
    c.field(x + 12, y + 10.4, label(lang, "nationality"), nat_display(S["nat"]), 40, 1.15, 2.2)
    c.field(x, y + 15.6, label(lang, "dob"), viz_date(S["dob"], ds), 24, 1.15, 2.2)
    c.field(x + 26, y + 15.6, label(lang, "card_no"), S["docnum"], 28, 1.15, 2.2)
    c.field(x, y + 20.8, label(lang, "doe"), viz_date(S["doe"], ds), 24, 1.15, 2.2)
    c.zone("viz", x - 1, 10, 84, 36)
    if rng.random() < 0.5:
        c.text(82, 9.5, "CAN " + rs(rng, DIG, 6), SANS, 1.8, c.ink, "rs")
    draw_signature(c.d, (c.p(31), c.p(42), c.p(62), c.p(51)), rng, (25, 35, 110), 0.28 * ppm)
    c.zone("signature", 30, 41, 63, 52)
    if rng.random() < 0.5:  # contact chip
        cx, cy = 8, 43
        c.d.rounded_rectangle([c.p(cx), c.p(cy), c.p(cx + 10), c.p(cy + 8)], radius=int(c.p(1.5)), fill=(212, 180, 100), outline=(150, 120, 60), width=max(1, int(0.2 * ppm)))
        c.d.line([c.p(cx), c.p(cy + 4), c.p(cx + 10), c.p(cy + 4)], fill=(150, 120, 60), width=max(1, int(0.2 * ppm)))
        c.d.line([c.p(cx + 5), c.p(cy), c.p(cx + 5), c.p(cy + 8)], fill=(150, 120, 60), width=max(1, int(0.2 * ppm)))
    return c.finish(3.2), c.zones


def render_td1_back(S, ppm, rng, pal=None):
    c = Card(85.6, 54, ppm, rng, pal=pal, clear_y=36.5)
    lang = S["country"][3]
    ds = rng.randint(0, 4)
    c.field(4, 4.5, label(lang, "doi"), viz_date(S["doi"], ds), 30, 1.15, 2.1)
    c.field(36, 4.5, label(lang, "authority"), rng.choice(["MINISTRY OF INTERIOR", "CITY HALL", "POLICE", "BÜRGERAMT"]), 46, 1.15, 2.1)
    c.field(4, 10.5, label(lang, "address"), "%d %s" % (rng.randint(1, 120), rng.choice(["MAIN STREET", "RUE DU PORT", "HAUPTSTRASSE", "CALLE MAYOR"])), 78, 1.15, 2.1)
    c.field(4, 16.5, label(lang, "pob"), rng.choice(CITIES[S["country"][4]]), 40, 1.15, 2.1)
    c.field(46, 16.5, label(lang, "height"), "%d cm" % rng.randint(150, 195), 16, 1.15, 2.1)
    c.zone("viz", 3, 2.5, 83, 22)
    if rng.random() < 0.5:  # barcode-like bars
        x = 60.0
        while x < 81:
            w = rng.choice([0.25, 0.4, 0.6])
            c.d.rectangle([c.p(x), c.p(24), c.p(x + w), c.p(33)], fill=(30, 30, 30))
            x += w + rng.choice([0.25, 0.4, 0.55])
    c.mrz(S["lines"], 50.3, 4.3)
    return c.finish(3.2), c.zones, c.mrz_char_mm


def render_td2(S, ppm, rng):
    c = Card(105, 74, ppm, rng, clear_y=58.5)
    lang = S["country"][3]
    title = doc_title(S, "rptitle" if S["dkind"] == "residence_permit" else "idtitle")
    c.header(S["country"][1], title, y_mm=5.0)
    draw_portrait(c.img, (c.p(4), c.p(12), c.p(30), c.p(45)), rng, grey=rng.random() < 0.5, silhouette=rng.random() < 0.3)
    c.zone("photo", 4, 12, 30, 45)
    ds = rng.randint(0, 4)
    x, y = 34.0, 13.0
    rows = [
        [("surname", S["surname"], 68)], [("given", S["given"] or "—", 68)],
        [("sex", {"<": "—"}.get(S["sex"], S["sex"]), 12), ("nationality", nat_display(S["nat"]), 56)],
        [("dob", viz_date(S["dob"], ds), 30), ("card_no", S["docnum"], 38)],
        [("doi", viz_date(S["doi"], ds), 30), ("doe", viz_date(S["doe"], ds), 38)],
    ]
    for row in rows:
        xx = x
        for key, val, w in row:
            c.field(xx, y, label(lang, key), val, w - 1, 1.3, 2.4)
            xx += w
        y += 5.9
    c.zone("viz", x - 1, 11, 103, y - 1)
    draw_signature(c.d, (c.p(5), c.p(47), c.p(30), c.p(56)), rng, (25, 35, 110), 0.3 * ppm)
    c.zone("signature", 4, 46, 31, 57)
    c.mrz(S["lines"], 69.3, 4.5)
    return c.finish(3.5), c.zones, c.mrz_char_mm


def render_visa(S, ppm, rng):
    w, h = (120, 80) if S["fmt"] == "MRVA" else (105, 74)
    c = Card(w, h, ppm, rng, clear_y=h - 15.5)
    lang = S["country"][3]
    c.text(5, 7, "VISA", rng.choice([SANS_B, SERIF_B]), 4.2, (120, 30, 40))
    c.text(w - 5, 7, S["country"][2], SANS_B, 2.2, (40, 40, 80), "rs", max_w_mm=w - 30)
    c.text(w - 5, 11.5, S["issuer"] + rs(rng, DIG, 8), LSANS_B, 2.6, (190, 30, 30), "rs")
    c.zone("header", 4, 2.5, w - 4, 12.5)
    photo = S["fmt"] == "MRVA"
    x = 5.0
    if photo:
        draw_portrait(c.img, (c.p(5), c.p(15), c.p(29), c.p(46)), rng, grey=rng.random() < 0.5)
        c.zone("photo", 5, 15, 29, 46)
        x = 33.0
    ds = rng.randint(0, 4)
    ww = w - x - 4
    rows = [
        [("VALID FOR / VALABLE POUR", rng.choice(["SCHENGEN STATES", "UTOPIA", "ALL COUNTRIES"]), ww)],
        [("FROM / DU", viz_date(S["doi"], ds), ww / 2), ("UNTIL / AU", viz_date(S["doe"], ds), ww / 2)],
        [("TYPE OF VISA", S["code"].replace("<", "") or "V", ww / 3), ("ENTRIES", rng.choice(["1", "2", "MULT"]), ww / 3), ("DURATION", "%d DAYS" % rng.choice([15, 30, 90]), ww / 3)],
        [("ISSUED IN / DÉLIVRÉ À", rng.choice(CITIES[S["country"][4]]), ww / 2), ("ON / LE", viz_date(S["doi"], ds), ww / 2)],
        [("NUMBER OF PASSPORT", S["docnum"], ww)],
        [("SURNAME, NAME / NOM, PRÉNOM", S["surname"] + (", " + S["given"] if S["given"] else ""), ww)],
    ]
    y = 16.5
    for row in rows:
        xx = x
        for lab, val, wd in row:
            c.field(xx, y, lab, val, wd - 1, 1.25, 2.3)
            xx += wd
        y += 5.6
    c.zone("viz", x - 1, 14, w - 3, y - 1)
    c.mrz(S["lines"], h - 4.6, 4.4)
    return c.finish(2.0), c.zones, c.mrz_char_mm, (w, h)


def render_cover(S, ppm, rng):
    col = rng.choice([(110, 20, 35), (20, 35, 80), (25, 60, 40), (25, 25, 25), (90, 25, 50)])
    c = Card(88, 125, ppm, rng, bg=col)
    arr = np.array(c.img, np.float32)
    arr += np.random.default_rng(rng.randint(0, 2 ** 31)).normal(0, 5, arr.shape[:2])[..., None]
    c.img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    c.d = ImageDraw.Draw(c.img)
    gold = (212, 180, 100)
    c.text(44, 22, S["country"][1], SERIF_B, 3.6, gold, "ms", max_w_mm=78)
    cx, cy, r = 44, 58, 15
    c.d.ellipse([c.p(cx - r), c.p(cy - r), c.p(cx + r), c.p(cy + r)], outline=gold, width=max(1, int(0.6 * ppm)))
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r * (0.75 if i % 2 == 0 else 0.32)
        pts.append((c.p(cx + rr * math.cos(a)), c.p(cy + rr * math.sin(a))))
    c.d.polygon(pts, fill=gold)
    c.text(44, 92, doc_title(S, "pptitle"), SERIF_B, 4.2, gold, "ms", max_w_mm=80)
    c.d.rounded_rectangle([c.p(38), c.p(106), c.p(50), c.p(113)], radius=int(c.p(1)), outline=gold, width=max(1, int(0.4 * ppm)))
    c.d.ellipse([c.p(42), c.p(107.8), c.p(46), c.p(111.2)], outline=gold, width=max(1, int(0.4 * ppm)))
    c.zone("header", 6, 16, 82, 25)
    c.zone("emblem", cx - r, cy - r, cx + r, cy + r)
    c.zone("title", 10, 86, 78, 94)
    c.zone("chip", 37, 105, 51, 114)
    return c.finish(4), c.zones


def render_licence(S, ppm, rng):
    c = Card(85.6, 54, ppm, rng, pal=PALETTES[rng.randint(0, len(PALETTES) - 1)])
    c.d.rectangle([0, 0, c.p(14), c.H], fill=(30, 60, 150))
    c.text(7, 12, S["issuer"][:2] if S["issuer"] != "D" else "D", SANS_B, 4, (240, 220, 60), "ms")
    c.text(18, 6.5, "DRIVING LICENCE", SANS_B, 2.8, (30, 60, 150))
    draw_portrait(c.img, (c.p(16), c.p(10), c.p(36), c.p(37)), rng, grey=rng.random() < 0.5)
    c.zone("photo", 16, 10, 36, 37)
    ds = rng.randint(0, 4)
    x = 39
    lines = ["1. " + S["surname"], "2. " + (S["given"] or "—"), "3. " + viz_date(S["dob"], ds) + " " + rng.choice(CITIES[S["country"][4]]),
             "4a. " + viz_date(S["doi"], ds) + "  4b. " + viz_date(S["doe"], ds), "5. " + rs(rng, DIG + UP, 10), "9. AM/A1/B"]
    for i, t in enumerate(lines):
        c.text(x, 13 + i * 4.4, t, c.value_font, 2.1, c.ink, max_w_mm=44)
    c.zone("viz", x - 1, 10, 84, 37)
    draw_signature(c.d, (c.p(40), c.p(41), c.p(70), c.p(50)), rng, (25, 35, 110), 0.28 * ppm)
    c.zone("signature", 39, 40, 71, 51)
    return c.finish(3.2), c.zones


def render_member(S, ppm, rng):
    col1 = np.array(rng.choice([(30, 80, 160), (150, 30, 60), (20, 120, 90), (60, 60, 70)]), np.float32)
    col2 = col1 * 0.55
    c = Card(85.6, 54, ppm, rng, bg=(0, 0, 0))
    t = np.linspace(0, 1, c.W, dtype=np.float32)[None, :, None]
    arr = np.broadcast_to(col1 * (1 - t) + col2 * t, (c.H, c.W, 3))
    c.img = Image.fromarray(arr.astype(np.uint8))
    c.d = ImageDraw.Draw(c.img)
    c.text(5, 9, rng.choice(["CITY LIBRARY", "FITNESS CLUB", "MUSEUM FRIENDS", "TRANSIT PASS"]), SANS_B, 3.6, (255, 255, 255))
    c.text(5, 36, " ".join(rs(rng, DIG, 4) for _ in range(4)), LSANS_B, 3.4, (240, 240, 240))
    c.text(5, 45, (S["given"] + " " + S["surname"]).strip(), SANS, 2.4, (240, 240, 240), max_w_mm=60)
    c.text(5, 50, "VALID THRU %02d/%02d" % (S["doe"].month, S["doe"].year % 100), SANS, 1.9, (230, 230, 230))
    c.zone("header", 4, 4, 70, 11)
    c.zone("viz", 4, 31, 70, 51)
    return c.finish(3.2), c.zones


# --------------------------------------------------------------------------------------------
# stamps and annotations
# --------------------------------------------------------------------------------------------
STAMP_WORDS = ["SPECIMEN", "SPECIMEN", "SPECIMEN", "MUSTER", "SPÉCIMEN", "MODELO", "CAMPIONE", "VOID", "SAMPLE"]
STAMP_COLORS = [(205, 25, 35), (200, 30, 30), (110, 110, 115), (80, 80, 85), (30, 70, 180), (40, 60, 160)]


def apply_stamp(card, zones, ppm, rng, cross_mrz, S):
    """Draw a stamp onto an RGBA card, clipped to the card; return (card, description, crosses)."""
    W, H = card.size
    word = rng.choice(STAMP_WORDS)
    if S.get("country") and S["country"][0] in ("D", "AUT", "CHE") and rng.random() < 0.5:
        word = "MUSTER"
    color = rng.choice(STAMP_COLORS)
    mode = weighted(rng, [("fill", 5), ("outline", 3), ("boxed", 2)])
    fpath = rng.choice([SANS_B, LSANS_B, SERIF_B, LSERIF_B])
    if mode == "boxed":
        target = W * rng.uniform(0.3, 0.5)
        angle = rng.uniform(-20, 20)
    elif rng.random() < 0.55:
        target = W * rng.uniform(0.6, 0.95)
        angle = rng.choice([-1, 1]) * rng.uniform(14, 35)
    else:
        target = W * rng.uniform(0.4, 0.8)
        angle = rng.uniform(-3, 3)
    f0 = font(fpath, 200)
    size = 200 * target / max(1.0, f0.getlength(word))
    f = font(fpath, size)
    l, t, r, b = f.getbbox(word)
    padpx = int(size * 0.35)
    mask = Image.new("L", (r - l + 2 * padpx, b - t + 2 * padpx), 0)
    md = ImageDraw.Draw(mask)
    if mode == "outline":
        sw = max(1, int(size * rng.uniform(0.018, 0.035)))
        md.text((padpx - l, padpx - t), word, font=f, fill=0, stroke_width=sw, stroke_fill=255)
        alpha = rng.uniform(0.4, 0.5) if cross_mrz else rng.uniform(0.45, 0.7)
    else:
        md.text((padpx - l, padpx - t), word, font=f, fill=255)
        alpha = rng.uniform(0.22, 0.40)
    if mode == "boxed":
        bw = max(2, int(size * 0.06))
        md.rounded_rectangle([bw, bw, mask.width - bw, mask.height - bw], radius=int(size * 0.15), outline=255, width=bw)
        alpha = rng.uniform(0.4, 0.5) if cross_mrz else rng.uniform(0.4, 0.65)
        noise = np.random.default_rng(rng.randint(0, 2 ** 31)).random((mask.height, mask.width))
        m = np.array(mask, np.float32) * (noise > 0.25)
        mask = Image.fromarray(m.astype(np.uint8))
    mask = mask.rotate(angle, resample=Image.BICUBIC, expand=True)
    mz = zones.get("mrz")
    if mz and cross_mrz:
        cy = (mz[1] + mz[3]) / 2 + rng.uniform(-0.5, 0.5) * (mz[3] - mz[1])
        cx = rng.uniform(0.3, 0.7) * W
    else:
        top_limit = mz[1] if mz else H
        cx = rng.uniform(0.3, 0.7) * W
        cy = rng.uniform(0.2, 0.5) * top_limit
    ox, oy = int(cx - mask.width / 2), int(cy - mask.height / 2)
    full = Image.new("L", (W, H), 0)
    full.paste(mask, (ox, oy))
    a = np.array(full, np.float32) / 255.0 * alpha * (np.array(card.split()[3], np.float32) / 255.0)
    crosses = False
    if mz:
        x0, y0, x1, y1 = [int(v) for v in mz]
        crosses = bool((a[y0:y1, x0:x1] > 0.05).sum() > 0.002 * max(1, (x1 - x0) * (y1 - y0)))
    over = Image.new("RGBA", (W, H), color + (0,))
    over.putalpha(Image.fromarray(np.clip(a * 255, 0, 255).astype(np.uint8)))
    out = Image.alpha_composite(card, over)
    out.putalpha(card.split()[3])
    cname = {205: "red", 200: "red", 110: "grey", 80: "grey", 30: "blue", 40: "blue"}[color[0]]
    orient = "horizontal" if abs(angle) < 4 else "diagonal"
    desc = "%s %s %s stamp \"%s\" (opacity %.2f)%s" % (orient, cname, {"fill": "semi-transparent", "outline": "outlined", "boxed": "rubber-stamp boxed"}[mode], word, alpha, " crossing the MRZ" if crosses else "")
    return out, desc, crosses


ANNOT_COLORS = [(230, 30, 30), (240, 120, 0), (20, 110, 230), (10, 160, 70), (200, 0, 160), (250, 200, 0)]
LEGEND = {"mrz": "Machine readable zone (MRZ)", "photo": "Holder's portrait", "viz": "Personal data (VIZ)",
          "signature": "Holder's signature", "header": "Issuing state and document title",
          "emblem": "National emblem", "title": "Document title", "chip": "Biometric (e-passport) symbol"}


def draw_arrow(d, p0, p1, color, width):
    d.line([p0, p1], fill=color, width=width)
    ang = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
    L = width * 4 + 4
    a1 = (p1[0] - L * math.cos(ang - 0.45), p1[1] - L * math.sin(ang - 0.45))
    a2 = (p1[0] - L * math.cos(ang + 0.45), p1[1] - L * math.sin(ang + 0.45))
    d.polygon([p1, a1, a2], fill=color)


def annotate(canvas, zones, rng, fpx, figure=False):
    """Boxes around zones, numbered callouts, optional arrows. Returns description and legend items."""
    d = ImageDraw.Draw(canvas)
    color = rng.choice(ANNOT_COLORS)
    lw = max(2, int(round(rng.uniform(1.6, 3.2) * fpx)))
    names = [n for n in ("mrz", "photo", "viz", "signature", "header", "emblem", "title", "chip") if n in zones]
    chosen = []
    if "mrz" in zones and rng.random() < 0.85:
        chosen.append("mrz")
    others = [n for n in names if n != "mrz"]
    rng.shuffle(others)
    chosen += others[: rng.randint(1 if not chosen else 0, 3 if figure else 2)]
    if not chosen and names:
        chosen = [names[0]]
    rounded = rng.random() < 0.5
    numbered = figure or rng.random() < 0.5
    items = []
    mz = zones.get("mrz")
    for i, n in enumerate(chosen, 1):
        x0, y0, x1, y1 = zones[n]
        if n == "mrz":
            padp = (rng.uniform(3, 8)) * fpx + lw
        else:
            padp = rng.uniform(1, 6) * fpx
        box = [x0 - padp, y0 - padp, x1 + padp, y1 + padp]
        if n != "mrz" and mz and box[0] < mz[2] and box[2] > mz[0] and box[3] > mz[1] - lw:
            box[3] = min(box[3], mz[1] - lw - 2 * fpx)  # keep other boxes off the MRZ characters
            if box[3] <= box[1] + 4:
                continue
        if rounded:
            d.rounded_rectangle(box, radius=int(6 * fpx), outline=color, width=lw)
        else:
            d.rectangle(box, outline=color, width=lw)
        items.append((len(items) + 1, n, box))
    for i, n, box in items if numbered else []:
        if True:
            r = max(7 * fpx, rng.uniform(8, 12) * fpx)
            cx, cy = box[0] + r + lw, box[1] - r - lw
            if cy - r < 0:
                cy = box[1] + r + lw
                if n == "mrz":
                    cx = box[0] - r - lw
            if mz and not (cx + r < mz[0] or cx - r > mz[2] or cy + r < mz[1] or cy - r > mz[3]):
                cy = mz[1] - r - lw - 2 * fpx
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=color)
            fnt = font(SANS_B, r * 1.2)
            d.text((cx, cy), str(i), font=fnt, fill=(255, 255, 255), anchor="mm")
    desc = "%s %s annotation boxes around %s%s" % ("rounded" if rounded else "rectangular",
                                                  {(230, 30, 30): "red", (240, 120, 0): "orange", (20, 110, 230): "blue", (10, 160, 70): "green", (200, 0, 160): "magenta", (250, 200, 0): "yellow"}[color],
                                                  ", ".join(LEGEND[n].split(" (")[0].lower() if n != "mrz" else "the MRZ" for _, n, _ in items),
                                                  " with numbered callouts" if numbered else "")
    return desc, items, color, lw


# --------------------------------------------------------------------------------------------
# presentation layouts
# --------------------------------------------------------------------------------------------
SENTENCES = [
    "The data page is printed on a polycarbonate substrate and personalised by laser engraving.",
    "Security features include a guilloche background, microprinting and an optically variable device.",
    "The holder's portrait is repeated as a ghost image next to the personal data.",
    "This specimen is published for information purposes only and does not relate to a real person.",
    "Document checkers should compare the visual inspection zone with the machine readable zone.",
    "The reverse side carries the machine readable zone with three lines of thirty characters.",
    "Images of specimen documents may be reproduced with attribution for educational use.",
    "The card conforms to ISO/IEC 7810 ID-1 and to the specifications of ICAO Doc 9303.",
    "New series documents have been issued since the beginning of the year.",
    "Older documents remain valid until their date of expiry.",
    "Further information on the security features is available from the issuing authority.",
    "Click on the image to view a larger version of the specimen.",
]
SITES = ["Public Register of Travel and Identity Documents", "Wikimedia Commons", "Document Specimen Library",
         "Ministry of the Interior - Press Office", "ID Verification Vendor - Knowledge Base", "Border Guard Training Portal"]


def wrap(text, fnt, width):
    words, lines, cur = text.split(), [], ""
    for w in words:
        t = (cur + " " + w).strip()
        if fnt.getlength(t) <= width or not cur:
            cur = t
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def shadowed(subject, fpx, rng, bg_rgba):
    """Subject on a transparent margin with a blurred drop shadow."""
    off = int(rng.uniform(3, 9) * fpx)
    blur = max(1, int(rng.uniform(3, 8) * fpx))
    m = blur * 3 + off
    W, H = subject.width + 2 * m, subject.height + 2 * m
    sh = Image.new("L", (W, H), 0)
    sh.paste(subject.split()[3], (m + off, m + off))
    sh = sh.filter(ImageFilter.GaussianBlur(blur)).point(lambda v: int(v * rng.uniform(0.35, 0.6)))
    out = Image.new("RGBA", (W, H), bg_rgba)
    black = Image.new("RGBA", (W, H), (0, 0, 0, 255))
    out = Image.composite(black, out, sh)
    out.alpha_composite(subject, (m, m))
    return out, (m, m)


def gradient_bg(W, H, rng):
    c1 = np.array([rng.randint(180, 250) for _ in range(3)], np.float32)
    c2 = np.array([rng.randint(120, 230) for _ in range(3)], np.float32)
    t = np.linspace(0, 1, H, dtype=np.float32)[:, None, None]
    arr = np.broadcast_to(c1 * (1 - t) + c2 * t, (H, W, 3))
    return Image.fromarray(arr.astype(np.uint8)).convert("RGBA")


def shift_zones(zones, dx, dy):
    return {k: (v[0] + dx, v[1] + dy, v[2] + dx, v[3] + dy) for k, v in zones.items()}


def layout(subject, zones, rng, fpx, kind, S, notes):
    """Place the subject on a canvas. Returns RGBA canvas, zones, capture label."""
    if kind == "crop-transparent":
        m = int(rng.uniform(0, 6) * fpx)
        canvas = Image.new("RGBA", (subject.width + 2 * m, subject.height + 2 * m), (0, 0, 0, 0))
        canvas.alpha_composite(subject, (m, m))
        notes.append("bare render on a transparent background (alpha 0 outside the rounded corners)")
        return canvas, shift_zones(zones, m, m), "render"
    if kind == "crop":
        m = int(rng.uniform(0, 10) * fpx)
        bg = rng.choice([(255, 255, 255, 255), (250, 250, 250, 255), (240, 240, 242, 255)])
        canvas = Image.new("RGBA", (subject.width + 2 * m, subject.height + 2 * m), bg)
        canvas.alpha_composite(subject, (m, m))
        notes.append("bare render of the document on a plain background")
        return canvas, shift_zones(zones, m, m), "render"
    if kind == "shadow":
        bgc = rng.choice([(255, 255, 255, 255), (236, 238, 242, 255), (60, 64, 72, 255), (210, 225, 240, 255)])
        sh, (mx, my) = shadowed(subject, fpx, rng, (0, 0, 0, 0))
        M = int(rng.uniform(10, 50) * fpx)
        W, H = sh.width + 2 * M, sh.height + 2 * M
        canvas = gradient_bg(W, H, rng) if rng.random() < 0.5 else Image.new("RGBA", (W, H), bgc)
        canvas.alpha_composite(sh, (M, M))
        notes.append("document with drop shadow on a %s background" % ("gradient" if canvas.getpixel((0, 0)) != bgc else "plain"))
        return canvas, shift_zones(zones, M + mx, M + my), "render"
    if kind == "figure":
        fnt = font(rng.choice([SANS, LSANS, SERIF, LSERIF]), rng.uniform(13, 18) * fpx)
        fntb = font(SANS_B, rng.uniform(14, 19) * fpx)
        M = int(rng.uniform(16, 40) * fpx)
        legend_right = rng.random() < 0.5
        legend_w = int(max(fnt.getlength(v) for v in LEGEND.values()) + 90 * fpx) if legend_right else 0
        cap_top = rng.random() < 0.5
        cap_h = int(fntb.size * 2.2)
        W = subject.width + 2 * M + legend_w
        H = subject.height + 2 * M + cap_h + (0 if legend_right else int(fnt.size * 2.0 * 6))
        canvas = Image.new("RGBA", (W, H), rng.choice([(255, 255, 255, 255), (248, 248, 244, 255)]))
        sy = M + (cap_h if cap_top else 0)
        canvas.alpha_composite(subject, (M, sy))
        z = shift_zones(zones, M, sy)
        d = ImageDraw.Draw(canvas)
        title = "Figure %d. %s %s - specimen%s" % (rng.randint(1, 12), S["country"][2].title(),
                                                  {"passport": "passport data page", "travel_document": "travel document", "id_card": "identity card",
                                                   "residence_permit": "residence permit", "visa": "visa sticker", "driving_licence": "driving licence",
                                                   "other": "card"}.get(S["dkind"], "document") if S.get("nomrz") != "cover" else "passport cover",
                                                  rng.choice(["", " (2019 series)", " (current model)", ", reverse side" if S["fmt"] == "TD1" else ""]))
        cy = (M // 2 + cap_h // 2) if cap_top else (sy + subject.height + cap_h // 2 + M // 3)
        fntb = fit_font(SANS_B, fntb.size, title, W - 2 * M)
        d.text((M, cy), title, font=fntb, fill=(30, 30, 30), anchor="lm")
        desc, items, color, lw = annotate(canvas, z, rng, fpx, figure=True)
        # legend with arrows
        for k, (i, n, box) in enumerate(items):
            if legend_right:
                lx, ly = M + subject.width + int(40 * fpx), sy + int(30 * fpx) + k * int(fnt.size * 2.2)
            else:
                lx = M + int(fnt.size * 0.6)
                ly = sy + subject.height + (cap_h if not cap_top else 0) + int(fnt.size * (1.4 + 1.8 * k)) + M // 3
            r = int(fnt.size * 0.6)
            d.ellipse([lx - r, ly - r, lx + r, ly + r], fill=color)
            d.text((lx, ly), str(i), font=font(SANS_B, r * 1.2), fill=(255, 255, 255), anchor="mm")
            d.text((lx + 2 * r, ly), LEGEND[n], font=fnt, fill=(40, 40, 40), anchor="lm")
            if legend_right and rng.random() < 0.7:
                tx = box[2]
                ty = (box[1] + box[3]) / 2 if n != "mrz" else box[1]
                draw_arrow(d, (lx - r - 4 * fpx, ly), (tx + lw, ty), color, max(2, lw - 1))
        if not legend_right:  # crop the unused legend space
            last = sy + subject.height + (cap_h if not cap_top else 0) + int(fnt.size * (1.4 + 1.8 * max(0, len(items) - 1))) + M // 3
            canvas = canvas.crop((0, 0, W, min(H, last + int(fnt.size) + M)))
        notes.append("annotated figure: caption %s the document, %s, legend%s" % ("above" if cap_top else "below", desc, " with arrows" if legend_right else ""))
        return canvas, z, "render"
    if kind == "web":
        fs = rng.uniform(13, 16) * fpx
        fnt = font(rng.choice([SANS, LSANS]), fs)
        fnth = font(SANS_B, fs * 1.6)
        hh = int(rng.uniform(44, 62) * fpx)
        side = rng.choice(["left", "right", "none"])
        sw = int(rng.uniform(170, 240) * fpx) if side != "none" else 0
        M = int(24 * fpx)
        cw = max(subject.width + int(rng.uniform(20, 200) * fpx), int(subject.width / rng.uniform(0.65, 0.95)))
        W = cw + sw + 3 * M
        hc = rng.choice([(32, 33, 36), (24, 70, 130), (120, 20, 40), (245, 245, 245), (0, 90, 80)])
        wiki = "Wikimedia" in (site := rng.choice(SITES))
        paras_top = [rng.choice(SENTENCES) + " " + rng.choice(SENTENCES) for _ in range(rng.randint(1, 2))]
        paras_bot = [" ".join(rng.sample(SENTENCES, 3)) for _ in range(rng.randint(1, 2))]
        lines_top = [l for p in paras_top for l in wrap(p, fnt, cw) + [""]]
        lines_bot = [l for p in paras_bot for l in wrap(p, fnt, cw) + [""]]
        lh = int(fs * 1.5)
        H = hh + M + int(fnth.size * 2) + lh * len(lines_top) + subject.height + int(lh * 2.2) + lh * len(lines_bot) + M + int(36 * fpx)
        canvas = Image.new("RGBA", (W, H), (255, 255, 255, 255))
        d = ImageDraw.Draw(canvas)
        d.rectangle([0, 0, W, hh], fill=hc)
        tc = (20, 20, 20) if hc == (245, 245, 245) else (255, 255, 255)
        d.text((M, hh // 2), site, font=font(SANS_B, fs * 1.15), fill=tc, anchor="lm")
        nx = W - M
        for item in reversed(["Home", "Documents", "Search", "About"]):
            d.text((nx, hh // 2), item, font=fnt, fill=tc, anchor="rm")
            nx -= int(fnt.getlength(item) + 22 * fpx)
        cx0 = M + (sw + M if side == "left" else 0)
        if side != "none":
            sx0 = M if side == "left" else cx0 + cw + M
            d.rectangle([sx0, hh + M, sx0 + sw, H - M - int(36 * fpx)], fill=(244, 246, 248))
            yy = hh + M + int(14 * fpx)
            for item in ["Passports", "Identity cards", "Residence permits", "Visas", "Security features", "Glossary", "Contact"]:
                d.text((sx0 + int(12 * fpx), yy), item, font=fnt, fill=(20, 80, 170), anchor="lt")
                yy += int(fs * 1.9)
        y = hh + M
        title = ("File:%s_%s_specimen.jpg" % (S["country"][2].title().replace(" ", "_"), {"passport": "passport", "id_card": "ID_card"}.get(S["dkind"], S["dkind"]))) if wiki else \
            "%s - %s" % (S["country"][2].title(), {"passport": "passport (specimen)", "travel_document": "travel document (specimen)", "id_card": "identity card (specimen)", "residence_permit": "residence permit (specimen)", "visa": "visa sticker (specimen)"}.get(S["dkind"], "document"))
        d.text((cx0, y), title, font=fnth, fill=(20, 20, 20), anchor="lt")
        y += int(fnth.size * 2)
        for ln in lines_top:
            d.text((cx0, y), ln, font=fnt, fill=(60, 60, 60), anchor="lt")
            y += lh
        sx = cx0 + (cw - subject.width) // 2 if rng.random() < 0.6 else cx0
        if rng.random() < 0.4:
            d.rectangle([sx - 2 * fpx, y - 2 * fpx, sx + subject.width + 2 * fpx, y + subject.height + 2 * fpx], outline=(200, 200, 200), width=max(1, int(fpx)))
        canvas.alpha_composite(subject, (int(sx), int(y)))
        z = shift_zones(zones, int(sx), int(y))
        y += subject.height + int(lh * 0.5)
        cap = rng.choice(["Specimen of the data page", "Specimen (front and reverse)" if S["fmt"] == "TD1" else "Specimen",
                          "Sample document issued for information", "Muster / specimen"])
        d.text((sx, y), cap, font=font(SANS_I, fs * 0.9), fill=(100, 100, 100), anchor="lt")
        y += int(lh * 1.7)
        for ln in lines_bot:
            d.text((cx0, y), ln, font=fnt, fill=(60, 60, 60), anchor="lt")
            y += lh
        d.rectangle([0, H - int(36 * fpx), W, H], fill=(235, 235, 235))
        d.text((M, H - int(18 * fpx)), "© %d %s. Content available under a free licence." % (rng.randint(2012, 2025), site.split(" - ")[0]), font=font(SANS, fs * 0.8), fill=(110, 110, 110), anchor="lm")
        notes.append("screenshot-like web page (%s header bar, %s, paragraphs, caption)" % ("wiki file page" if wiki else "site", "sidebar " + side if side != "none" else "no sidebar"))
        return canvas, z, "screenshot"
    if kind in ("scan", "photo"):
        if kind == "scan":
            M = int(rng.uniform(10, 60) * fpx)
            paper = tuple(rng.randint(232, 250) for _ in range(3)) + (255,)
        else:
            M = int(rng.uniform(2, 12) * fpx)
            paper = (0, 0, 0, 0)  # the card lies directly on the table
        canvas = Image.new("RGBA", (subject.width + 2 * M, subject.height + 2 * M), paper)
        canvas.alpha_composite(subject, (M, M))
        return canvas, shift_zones(zones, M, M), kind
    raise ValueError(kind)


def perspective_coeffs(src, dst):
    """Coefficients for Image.transform(PERSPECTIVE): maps output (dst) points to input (src)."""
    A, B = [], []
    for (x, y), (X, Y) in zip(dst, src):
        A.append([x, y, 1, 0, 0, 0, -X * x, -X * y])
        A.append([0, 0, 0, x, y, 1, -Y * x, -Y * y])
        B += [X, Y]
    return np.linalg.solve(np.array(A, np.float64), np.array(B, np.float64)).tolist()


def capture_effects(img, kind, rng, nrng, notes):
    """Scan (skew, paper, noise, blur) and photo (perspective, light, noise) on an RGB image."""
    if kind == "scan":
        ang = rng.choice([-1, 1]) * rng.uniform(0.3, 2.8)
        fill = img.getpixel((1, 1))
        img = img.rotate(ang, resample=Image.BICUBIC, expand=True, fillcolor=fill)
        arr = np.array(img, np.float32)
        H, W = arr.shape[:2]
        # scanner lid shading at one edge
        edge = rng.choice(["top", "left", "none"])
        if edge != "none":
            n = H if edge == "top" else W
            prof = np.clip(1 - np.linspace(0, 1, n) * 12, 0, 1) * rng.uniform(0.1, 0.3)
            prof = prof[:, None, None] if edge == "top" else prof[None, :, None]
            arr = arr * (1 - prof)
        arr = arr * rng.uniform(0.93, 1.0) + rng.uniform(0, 10)
        arr += nrng.normal(0, rng.uniform(1.5, 4.5), arr.shape[:2])[..., None]
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8)))
        notes.append("printed and scanned: skew %.1f degrees, paper tone, noise, slight blur" % ang)
        return img
    if kind == "photo":
        W, H = img.size
        # background table texture
        m = int(0.06 * max(W, H))
        BW, BH = W + 2 * m, H + 2 * m
        base = np.array([rng.randint(70, 160) for _ in range(3)], np.float32)
        tex = nrng.normal(0, 1, (BH // 8 + 1, BW // 8 + 1)).astype(np.float32)
        tex = np.array(Image.fromarray(((tex + 3) * 40).clip(0, 255).astype(np.uint8)).resize((BW, BH), Image.BICUBIC), np.float32) / 255.0 - 0.5
        bg = base[None, None, :] * (1 + 0.25 * tex[..., None])
        bgi = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8)).convert("RGBA")
        j = 0.035
        src = [(0, 0), (W, 0), (W, H), (0, H)]
        dst = [(m + rng.uniform(-j, j) * W, m + rng.uniform(-j, j) * H), (m + W + rng.uniform(-j, j) * W, m + rng.uniform(-j, j) * H),
               (m + W + rng.uniform(-j, j) * W, m + H + rng.uniform(-j, j) * H), (m + rng.uniform(-j, j) * W, m + H + rng.uniform(-j, j) * H)]
        co = perspective_coeffs(src, dst)
        warped = img.convert("RGBA").transform((BW, BH), Image.PERSPECTIVE, co, Image.BICUBIC)
        bgi.alpha_composite(warped)
        arr = np.array(bgi.convert("RGB"), np.float32)
        yy, xx = np.mgrid[0:BH, 0:BW].astype(np.float32)
        lx, ly = rng.uniform(0, BW), rng.uniform(0, BH)
        light = 1.0 + rng.uniform(0.05, 0.15) - rng.uniform(0.1, 0.22) * np.sqrt((xx - lx) ** 2 + (yy - ly) ** 2) / max(BW, BH)
        arr = arr * light[..., None]
        arr += nrng.normal(0, rng.uniform(2, 5), arr.shape[:2])[..., None]
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.9)))
        notes.append("photographed: mild perspective, uneven lighting, noise")
        return img
    return img


# --------------------------------------------------------------------------------------------
# encoding
# --------------------------------------------------------------------------------------------
def encode(img_rgba, fmt_choice, rng, notes, small):
    """-> (bytes, extension, exif_orientation or None, stored size)."""
    exif_o = None
    if fmt_choice == "png-rgba":
        im = img_rgba
        b = io.BytesIO()
        im.save(b, "PNG", optimize=False)
        notes.append("PNG RGBA")
        return b.getvalue(), "png", None, im.size
    rgb = img_rgba.convert("RGB") if img_rgba.mode == "RGBA" else img_rgba
    if fmt_choice.startswith("jpeg"):
        q = rng.randint(72 if small else 50, 95)
        prog = rng.random() < 0.35
        im = rgb
        desc = "JPEG q%d %s" % (q, "progressive" if prog else "baseline")
        if fmt_choice == "jpeg-grey":
            im = rgb.convert("L")
            desc += " greyscale"
        elif fmt_choice == "jpeg-cmyk":
            im = rgb.convert("CMYK")
            desc += " CMYK"
        kw = dict(quality=q, progressive=prog, optimize=prog, subsampling=rng.choice([0, 2]) if im.mode != "L" else 0)
        if fmt_choice == "jpeg-exif":
            exif_o = rng.choice([6, 8, 3])
            stored = im.transpose({6: Image.ROTATE_90, 8: Image.ROTATE_270, 3: Image.ROTATE_180}[exif_o])
            ex = Image.Exif()
            ex[0x0112] = exif_o
            b = io.BytesIO()
            stored.save(b, "JPEG", exif=ex.tobytes(), **kw)
            desc += ", pixels stored rotated (%dx%d) with EXIF Orientation=%d so viewers display it upright" % (stored.width, stored.height, exif_o)
            notes.append(desc)
            return b.getvalue(), "jpg", exif_o, stored.size
        b = io.BytesIO()
        im.save(b, "JPEG", **kw)
        notes.append(desc)
        return b.getvalue(), "jpg", None, im.size
    if fmt_choice == "png-rgb":
        b = io.BytesIO()
        rgb.save(b, "PNG", compress_level=rng.randint(3, 9))
        notes.append("PNG RGB")
        return b.getvalue(), "png", None, rgb.size
    if fmt_choice == "png-p":
        n = rng.choice([64, 96, 128, 192, 256])
        im = rgb.quantize(colors=n, method=Image.MEDIANCUT, dither=Image.FLOYDSTEINBERG if rng.random() < 0.5 else Image.NONE)
        b = io.BytesIO()
        im.save(b, "PNG")
        notes.append("PNG palette %d colours" % n)
        return b.getvalue(), "png", None, im.size
    if fmt_choice == "png-16":
        g = np.array(rgb.convert("L"), np.uint16) * 257
        im = Image.fromarray(g)
        b = io.BytesIO()
        im.save(b, "PNG")
        notes.append("PNG 16-bit greyscale")
        return b.getvalue(), "png", None, im.size
    if fmt_choice == "webp":
        q = rng.randint(70 if small else 60, 92)
        b = io.BytesIO()
        rgb.save(b, "WEBP", quality=q, method=4)
        notes.append("WebP q%d" % q)
        return b.getvalue(), "webp", None, rgb.size
    raise ValueError(fmt_choice)


# --------------------------------------------------------------------------------------------
# one document
# --------------------------------------------------------------------------------------------
DOC_W_MM = {"TD3": 125, "TD1": 85.6, "TD2": 105, "MRVA": 120, "MRVB": 105}
MIN_CHAR_PX = 8.0  # minimum final MRZ letter height (px)


def generate_document(task):
    seed, count, index, kind, outdir = task
    rng = random.Random("indep-specimens:%d:%d:%d" % (seed, count, index))
    nrng = np.random.default_rng(int(hashlib.sha256(("np:%d:%d:%d" % (seed, count, index)).encode()).hexdigest()[:15], 16))
    S = make_spec(rng, kind)
    notes = []
    fmt = S["fmt"]
    # ---- size of the document in the final image
    size_class = weighted(rng, [("small", 30), ("medium", 45), ("large", 25)])
    base_mm = DOC_W_MM.get(fmt, 85.6 if S.get("nomrz") != "cover" else 88)
    if fmt == "none" and S["nomrz"] == "cover":
        base_mm = 88
    rngs = {"small": (350, 600), "medium": (600, 1150), "large": (1150, 2150)}
    lo, hi = rngs[size_class]
    if fmt in ("TD3", "MRVA"):
        lo = max(lo, 440)
    doc_px = rng.uniform(lo, max(lo + 1, hi))
    # ---- presentation choices
    lay = weighted(rng, [("crop", 16), ("shadow", 17), ("web", 17), ("figure", 16), ("scan", 22), ("photo", 12)])
    if lay == "web" and doc_px > 950:
        doc_px = rng.uniform(400, 900)
    if lay == "figure" and doc_px > 1700:
        doc_px = rng.uniform(1100, 1700)
    if lay == "photo" and doc_px < 600:
        doc_px = rng.uniform(600, 1400)
    two_sides = fmt == "TD1" and rng.random() < 0.55
    side_by_side = two_sides and rng.random() < 0.6
    if two_sides and side_by_side and lay == "web" and doc_px > 600:
        doc_px = rng.uniform(380, 600)
    if two_sides and side_by_side and doc_px > 1200:
        doc_px = rng.uniform(600, 1200)
    booklet = fmt == "TD3" and rng.random() < 0.2
    ff = weighted(rng, [("jpeg", 46), ("jpeg-grey", 6), ("jpeg-cmyk", 3), ("jpeg-exif", 7), ("png-rgb", 13),
                        ("png-rgba", 7), ("png-p", 10), ("png-16", 3), ("webp", 6)])
    if ff == "png-rgba":
        lay = "crop-transparent"
    if lay in ("scan", "photo") and ff in ("png-rgba",):
        ff = "jpeg"
    # ---- render resolution (px per mm) and final scale
    ppm_final = doc_px / base_mm
    ppm = min(max(ppm_final * rng.uniform(1.15, 1.5), 6.0), 28.0)
    s = ppm_final / ppm
    fpx = 1.0 / s  # render px per final px
    # ---- render the document(s)
    zones = {}
    mrz_char_mm = None
    stamp_descs = []
    pal = rng.choice(PALETTES)
    stamp_p = 0.85
    cross_p = 0.45

    def stamp(card, z):
        if rng.random() < stamp_p:
            card, dsc, cr = apply_stamp(card, z, ppm, rng, "mrz" in z and rng.random() < cross_p, S)
            stamp_descs.append(dsc)
        return card

    if fmt == "TD3":
        card, z, mrz_char_mm = render_td3(S, ppm, rng)
        card = stamp(card, z)
        side = "front"
        if booklet:
            top = render_facing_page(S, ppm, rng, pal)
            gap = int(0.6 * ppm)
            cover = rng.choice([(110, 20, 35), (20, 35, 80), (25, 60, 40), (25, 25, 25)])
            e = int(1.5 * ppm)
            subj = Image.new("RGBA", (card.width + 2 * e, card.height * 2 + gap + 2 * e), (0, 0, 0, 0))
            ImageDraw.Draw(subj).rounded_rectangle([0, 0, subj.width - 1, subj.height - 1], radius=int(4 * ppm), fill=cover + (255,))
            subj.alpha_composite(top, (e, e))
            subj.alpha_composite(card, (e, e + top.height + gap))
            zones = shift_zones(z, e, e + top.height + gap)
            notes.append("open booklet: observations page above the data page")
        else:
            subj, zones = card, z
    elif fmt == "TD1":
        back, zb, mrz_char_mm = render_td1_back(S, ppm, rng, pal)
        back = stamp(back, zb)
        if two_sides:
            front, zf = render_td1_front(S, ppm, rng, pal)
            front = stamp(front, zf)
            gap = int(rng.uniform(3, 10) * ppm)
            if side_by_side:
                subj = Image.new("RGBA", (front.width * 2 + gap, front.height), (0, 0, 0, 0))
                subj.alpha_composite(front, (0, 0))
                subj.alpha_composite(back, (front.width + gap, 0))
                zones = shift_zones(zb, front.width + gap, 0)
                notes.append("front and back side by side in one image")
            else:
                subj = Image.new("RGBA", (front.width, front.height * 2 + gap), (0, 0, 0, 0))
                subj.alpha_composite(front, (0, 0))
                subj.alpha_composite(back, (0, front.height + gap))
                zones = shift_zones(zb, 0, front.height + gap)
                notes.append("front (top) and back (bottom) stacked in one image")
            for k in ("photo", "signature"):
                if k in zf:
                    zones[k] = zf[k]
            side = "front+back"
        else:
            subj, zones = back, zb
            side = "back"
    elif fmt == "TD2":
        card, z, mrz_char_mm = render_td2(S, ppm, rng)
        subj, zones = stamp(card, z), z
        side = "front"
    elif fmt in ("MRVA", "MRVB"):
        card, z, mrz_char_mm, (vw, vh) = render_visa(S, ppm, rng)
        card = stamp(card, z)
        side = "front"
        if rng.random() < 0.45:  # on a passport page
            page = Card(125, 88 if fmt == "MRVB" else 92, ppm, rng, pal=pal)
            pg = page.finish(3)
            ox, oy = int((125 - vw) / 2 * ppm), int(rng.uniform(2, 6) * ppm) if fmt == "MRVA" else int(7 * ppm)
            pg.alpha_composite(card, (ox, oy))
            pd = ImageDraw.Draw(pg)
            col = rng.choice([(40, 60, 150), (150, 40, 60), (40, 110, 60)])
            r = 9 * ppm
            cx, cy = rng.uniform(0.2, 0.8) * pg.width, oy + rng.uniform(10, 35) * ppm
            pd.ellipse([cx - r, cy - r, cx + r, cy + r], outline=col, width=max(1, int(0.5 * ppm)))
            pd.text((cx, cy), "ENTRY %02d.%02d.%02d" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(10, 25)), font=font(SANS_B, 1.8 * ppm), fill=col, anchor="mm")
            subj, zones = pg, shift_zones(z, ox, oy)
            notes.append("visa sticker on a passport page with an entry stamp")
        else:
            subj, zones = card, z
    else:
        sub = S["nomrz"]
        if sub == "card_front":
            card, z = render_td1_front(S, ppm, rng, pal)
            side = "front"
        elif sub == "cover":
            card, z = render_cover(S, ppm, rng)
            side = "cover"
        elif sub == "driving_licence":
            card, z = render_licence(S, ppm, rng)
            side = "front"
        else:
            card, z = render_member(S, ppm, rng)
            side = "front"
        if sub != "member_card":
            card = stamp(card, z)
        subj, zones = card, z
    notes.extend(stamp_descs)
    # ---- layout and annotations
    afpx = fpx * max(1.0, doc_px / 750.0)  # decoration unit: grows with large images
    canvas, zones, capture = layout(subj, zones, rng, fpx if lay == "web" else afpx, lay, S, notes)
    if lay not in ("figure", "crop-transparent", "photo") and rng.random() < 0.28:
        desc, _, _, _ = annotate(canvas, zones, rng, fpx if lay == "web" else afpx)
        notes.append(desc)
        if rng.random() < 0.5:  # caption in a band above or below (never over the document)
            fntc = font(rng.choice([SANS_I, LSANS_I, SANS]), rng.uniform(12, 16) * (fpx if lay == "web" else afpx))
            cap = rng.choice(["Specimen - not a valid document", "Source: issuing authority (specimen)", "Sample for training purposes"])
            band = int(fntc.size * 2.4)
            top = rng.random() < 0.4
            bg = canvas.getpixel((0, 0)) if lay in ("crop", "scan") else (255, 255, 255, 255)
            new = Image.new("RGBA", (canvas.width, canvas.height + band), bg)
            new.alpha_composite(canvas, (0, band if top else 0))
            ImageDraw.Draw(new).text((new.width / 2, band / 2 if top else canvas.height + band / 2), cap, font=fntc, fill=(90, 90, 90), anchor="mm")
            if top:
                zones = shift_zones(zones, 0, band)
            canvas = new
            notes.append("caption %s the document" % ("above" if top else "below"))
    if lay == "crop-transparent":
        img = canvas
    elif capture == "photo":
        img = capture_effects(canvas, capture, rng, nrng, notes)
    else:
        img = canvas.convert("RGB")
        img = capture_effects(img, capture, rng, nrng, notes)
    # ---- final size
    W2, H2 = max(1, int(round(img.width * s))), max(1, int(round(img.height * s)))
    img = img.resize((W2, H2), Image.LANCZOS)
    if mrz_char_mm is not None:
        char_px = mrz_char_mm * ppm_final * (0.93 if capture == "photo" else 1.0)
        assert char_px >= MIN_CHAR_PX - 0.5, (char_px, doc_px)
        notes.insert(0, "document %d px wide, MRZ letters ~%.0f px tall" % (round(doc_px), char_px))
    else:
        notes.insert(0, "document %d px wide" % round(doc_px))
    small = doc_px < 650 or any("crossing the MRZ" in n for n in stamp_descs)
    data, ext, exif_o, stored = encode(img, ff, rng, notes, small)
    # ---- write and label
    cc = S["country"][0].lower() if S.get("country") else "x"
    did = "spec-s%d-%03d-%s-%s" % (seed, index, {"none": "nomrz"}.get(fmt, fmt.lower()) if S["outcome"] != "checks_fail" else "fail-" + fmt.lower(), cc)
    fname = did + "." + ext
    with open(os.path.join(outdir, fname), "wb") as fh:
        fh.write(data)
    disp = (stored[1], stored[0]) if exif_o in (6, 8) else stored
    image = {"file": fname, "side": side, "capture": capture, "width": disp[0], "height": disp[1],
             "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    if exif_o:
        image["exifOrientation"] = exif_o
    image["notes"] = "; ".join(notes)
    doc_type = S.get("docType") or fmt
    doc = {"id": did, "group": "spec-s%d-%03d" % (seed, index), "documentType": doc_type,
           "documentKind": S["dkind"], "expectedOutcome": S["outcome"], "images": [image]}
    if fmt != "none":
        doc["mrz"] = {"format": fmt, "lines": S["lines"], "transcription": "generated",
                      "checkDigitsValid": S["checks"], "allCheckDigitsValid": all(S["checks"].values())}
        doc["expected"] = S["expected"]
    else:
        doc["expected"] = None
    doc["ambiguousFields"] = S["ambiguous"]
    doc["lenientFields"] = S["lenient"]
    dn = ["Synthetic published-specimen %s." % {"TD3": "TD3 data page", "TD1": "TD1 card", "TD2": "TD2 card", "MRVA": "MRV-A visa",
                                                "MRVB": "MRV-B visa", "none": "page without MRZ"}[fmt]]
    dn += S["notes"]
    if S["outcome"] == "unsupported_document":
        dn.append("Visa: not an identity document; expected a document-type rejection.")
    if S["outcome"] == "no_mrz":
        dn.append("No machine-readable data visible; expected no fields.")
    doc["notes"] = " ".join(x if x.endswith(".") else x + "." for x in dn)
    return index, doc


def verify(outdir, labels):
    for doc in labels["documents"]:
        for im in doc["images"]:
            path = os.path.join(outdir, im["file"])
            data = open(path, "rb").read()
            assert len(data) == im["bytes"] and hashlib.sha256(data).hexdigest() == im["sha256"], im["file"]
            pic = Image.open(io.BytesIO(data))
            o = pic.getexif().get(0x0112)
            assert (o or None) == im.get("exifOrientation"), (im["file"], o)
            up = ImageOps.exif_transpose(pic)
            assert up.size == (im["width"], im["height"]), (im["file"], up.size)
        if doc.get("mrz"):
            exp, p = expected_from_mrz(doc["mrz"]["lines"])
            assert exp == doc["expected"], doc["id"]
            assert p["checks"] == doc["mrz"]["checkDigitsValid"], doc["id"]
            assert (doc["expectedOutcome"] == "checks_fail") == (not doc["mrz"]["allCheckDigitsValid"]), doc["id"]


def self_test():
    # ICAO Doc 9303 worked examples
    td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    e, p = expected_from_mrz(td3)
    assert all(p["checks"].values()) and e["documentNumber"] == "L898902C3" and e["personalNumber"] == "ZE184226B"
    assert e["dateOfBirth"] == "1974-08-12" and e["dateOfExpiry"] == "2012-04-15" and e["nationality"] is None
    td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
    e, p = expected_from_mrz(td1)
    assert all(p["checks"].values()) and e["fullName"] == "ANNA MARIA ERIKSSON" and e["personalNumber"] is None
    td2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
    assert all(expected_from_mrz(td2)[1]["checks"].values())
    de = ["IDD<<T220001293<<<<<<<<<<<<<<<", "6408125<2010315D<<<<<<<<<<<<<4", "MUSTERMANN<<ERIKA<<<<<<<<<<<<<"]
    e, p = expected_from_mrz(de)
    assert all(p["checks"].values()) and e["nationality"] == "DEU" and e["sex"] is None and e["documentCode"] == "ID"
    # long TD1 document number (ICAO 9303 Part 5 example style)
    num = "D23145890734"
    l1 = "I<UTO" + num[:9] + "<" + pad(num[9:] + check_digit(num) + "<", 15)
    l2 = "7408122F1204159UTO<<<<<<<<<<<"
    l2 += check_digit(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29])
    e, p = expected_from_mrz([l1, l2, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"])
    assert e["documentNumber"] == num and all(p["checks"].values()) and e["personalNumber"] is None
    assert mrz_name_part("D'ALEMBERT-MÜLLER", "FRA") == "DALEMBERT<MUELLER"
    assert mrz_name_part("HÄMÄLÄINEN", "FIN") == "HAMALAINEN"
    assert mrz_name_part("ÞÓRA GUÐMUNDSDÓTTIR", "ISL") == "THORA<GUDMUNDSDOTTIR"
    assert build_name_field("ERIKSSON", "ANNA<MARIA", 12)[0] == "ERIKSSON<<AN"


def main():
    global OCRB_ADVANCE
    ap = argparse.ArgumentParser(description="Independent synthetic published-specimen MRZ documents (kyc-document-labels/1).")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--only", default=None, help="TD3, TD1, TD2, FAIL, VISA or NOMRZ")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    kinds = {"TD3", "TD1", "TD2", "FAIL", "VISA", "NOMRZ"}
    only = a.only.upper() if a.only else None
    if only and only not in kinds:
        ap.error("--only must be one of " + ", ".join(sorted(kinds)))
    self_test()
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    tasks = [(a.seed, a.count, i, k, a.out) for i, k in plan(a.seed, a.count) if not only or k == only]
    if a.jobs > 1 and len(tasks) > 1:
        with Pool(a.jobs, initializer=_init) as pool:
            results = list(pool.imap_unordered(generate_document, tasks, chunksize=1))
    else:
        _init()
        results = [generate_document(t) for t in tasks]
    results.sort(key=lambda r: r[0])
    labels = {
        "schema": SCHEMA,
        "set": SET_NAME,
        "split": "synthetic",
        "referenceDate": REFERENCE_DATE.isoformat(),
        "source": {
            "generator": "scripts/gen-documents-indep-specimens.py",
            "seed": a.seed,
            "count": a.count,
            "only": only,
            "licence": "synthetic images made by the generator (fonts: OCR-B, DejaVu, Liberation); no third-party images",
            "provenance": "written blind by a helper shown only the label format and ICAO Doc 9303",
        },
        "conventions": "Synthetic published-specimen documents; labels follow the shared documents README derivation rules. "
                       "Each image is one evaluation case against its document's \"expected\" object.",
        "documents": [d for _, d in results],
    }
    with open(os.path.join(a.out, "labels.json"), "w", encoding="utf-8") as fh:
        json.dump(labels, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
    verify(a.out, labels)
    by = {}
    for d in labels["documents"]:
        by[d["expectedOutcome"] + "/" + d["documentType"]] = by.get(d["expectedOutcome"] + "/" + d["documentType"], 0) + 1
    print("wrote %d documents to %s in %.1fs: %s" % (len(results), a.out, time.time() - t0,
                                                     ", ".join("%s %d" % kv for kv in sorted(by.items()))))


def _init():
    global OCRB_ADVANCE
    OCRB_ADVANCE = ImageFont.truetype(OCRB, 1000).getlength("A") / 1000.0


if __name__ == "__main__":
    main()
