#!/usr/bin/python3
"""Synthetic MRZ test documents with realistic print, security features and scans.

Makes a labelled set of identity-document images for an MRZ (ICAO Doc 9303) reading
service: TD3 passport data pages, TD1 cards (MRZ side, some front+back in one image),
TD2 cards, documents whose check digits fail as printed, MRV-A / MRV-B visas
(unsupported_document), pages without any MRZ (no_mrz) and very small but legible
documents (MRZ characters 7-9 px tall).  It writes DIR/labels.json in the
"kyc-document-labels/1" format plus one image per document.

How: every MRZ is built field by field from ICAO 9303 Parts 3-6 (check digits with
weights 7,3,1; TD1 long document numbers; composite digits) and re-parsed by an
independent parser in this file before anything is written (assert).  Expected fields
are derived from the printed lines by the rules of the shared documents README.  The
document itself is drawn at a physical scale (px per mm): a pale or tinted base with
rainbow (colour-gradient) print, guilloche families and rosettes, microtext lines and a
faint watermark emblem (also, at low contrast, under the MRZ clear zone); a visual zone
in sans fonts (labels, names with diacritics, dates, photo placeholder, signature); the
MRZ in OCR-B at 10 characters per 25.4 mm and 2.0-2.4 mm character height, with ink
variants (black laser, grey laser engraving with an embossed highlight, ink bleed),
uneven pitch, slightly non-parallel lines and baseline wander; and holographic laminate
overlays (iridescent patches/bands with specular highlights, low opacity over the MRZ).
The page is then "captured": flatbed scans (150-300 dpi, colour or greyscale, skew up to
3 degrees, on a white bed), photocopies (high-contrast grey, toner speckle) or phone
photos (document 30-60 % of the frame on wood/fabric/desk textures, perspective, colour
casts, exposure errors, sensor noise), saved as JPEG (quality 35-90) or PNG, 600-3000 px
wide.  Output is deterministic for a given (seed, count).

Usage: `npm run gen:documents:indep-print -- --out DIR [--seed N] [--count 150]` (or
/usr/bin/python3 scripts/gen-documents-indep-print.py with the same arguments), scored with
`npm run eval:document -- --no-write --data DIR`.  Needs Debian's python3-pil, python3-numpy,
fonts-ocr-b, fonts-dejavu-core and fonts-liberation2.

Provenance: written blind on 2026-11-29 by a helper that was shown only the label format
(the shared documents README and labels.json files) and ICAO Doc 9303; it did not see the
reading service's code, documentation, tests or any document image.  It ran its output through the
eval script once, on a smoke set of 30, only to see that the labels load.  Kept as written apart from
the usage paragraph; the session's first set of it (seed 1) was run once before any change
(docs/document-verification-log.md "A third generator written blind: print and scans").
"""
import argparse
import hashlib
import io
import json
import math
import os
import random
import sys
import time
import unicodedata
from datetime import date, timedelta
from multiprocessing import Pool

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

REF_DATE = date(2026, 11, 21)
OCRB = '/usr/share/fonts/opentype/ocr-b/OCRB.otf'
SANS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
        '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
        '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf']
SANS_BOLD = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
             '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
             '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf']
MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

# ---------------------------------------------------------------------------------------
# Holder data
# ---------------------------------------------------------------------------------------

# (culture, surnames, male given names, female given names, home state codes)
CULTURES = [
    ('de', ['Müller', 'Schäfer', 'Groß', 'Weiß-Köhler', 'Jürgens', 'von Dößel', 'Öztürk-Braun'],
     ['Jürgen', 'Björn', 'Lukas Maximilian', 'Hans-Günter', 'Jörg'], ['Käthe', 'Anna-Lena', 'Jütta Marie', 'Sünje'], ['D', 'AUT', 'CHE']),
    ('nordic', ['Åström', 'Lindström', 'Ødegård', 'Sørensen', 'Bjørnstad', 'Ækerø', 'Häkkinen'],
     ['Søren', 'Bjørn Åke', 'Mårten', 'Jyrki'], ['Åsa', 'Märta Sofia', 'Sæunn', 'Liv Ingrid'], ['SWE', 'NOR', 'DNK', 'FIN']),
    ('es', ['García Márquez', 'Muñoz Peña', 'Núñez de Balboa', 'Ibáñez', 'de la Fuente Ordóñez'],
     ['José María', 'Íñigo', 'Jesús Ángel'], ['María José', 'Begoña', 'Ana Belén', 'Mª Pilar'], ['ESP', 'MEX', 'ARG']),
    ('pt', ['Gonçalves da Silva', 'Conceição', 'Magalhães', 'São João Pires'],
     ['João', 'António Luís'], ['Maria da Conceição', 'Inês', 'Leonor'], ['PRT', 'BRA']),
    ('fr', ['Lefèvre', 'Dubois-Martin', "D'Artagnan", 'Bérégovoy', 'Le Cœur'],
     ['François', 'Jean-Luc', 'Loïc'], ['Hélène', 'Anaïs Chloé', 'Éloïse'], ['FRA', 'BEL', 'CAN']),
    ('ie', ["O'Brien", 'Mac Giolla Phádraig', "Ó Súilleabháin", 'McCarthy'],
     ['Seán', 'Pádraig Eoin'], ['Siobhán', 'Aoife Máire', 'Caoimhe'], ['IRL', 'GBR']),
    ('nl', ['van der Berg', 'de Jong', 'IJsselmuiden', "van 't Hof"],
     ['Maarten', 'Pieter Jan'], ['Anneke', 'Femke Johanna'], ['NLD', 'BEL']),
    ('tr', ['Yılmaz', 'Şahin', 'Çelik', 'Gündoğdu', 'Öztürk'],
     ['Gökhan', 'İbrahim Halil', 'Uğur'], ['Ayşe', 'Gülşen', 'Şükran Nur'], ['TUR', 'D']),
    ('pl', ['Wałęsa', 'Łukasiewicz', 'Brzęczyszczykiewicz', 'Żółkiewska'],
     ['Krzysztof', 'Paweł Łukasz'], ['Małgorzata', 'Żaneta', 'Agnieszka Zofia'], ['POL']),
    ('cz', ['Dvořák', 'Nováková', 'Řezníček', 'Šťastná'],
     ['Jiří', 'Vojtěch'], ['Kateřina', 'Zdeňka'], ['CZE', 'SVK']),
    ('hu', ['Szőke', 'Kovács', 'Tóth', 'Hajdú-Nagy'],
     ['Gábor', 'Ödön László'], ['Erzsébet', 'Réka'], ['HUN', 'ROU']),
    ('is', ['Þórðardóttir', 'Guðmundsson', 'Ævarsdóttir'],
     ['Ævar', 'Þórður'], ['Þóra', 'Guðrún Ósk'], ['ISL']),
    ('ar', ['Al-Hashimi', 'Abd al-Rahman', 'El Amrani', 'Bin Sulayman Al-Qahtani'],
     ['Mohammed Ali', 'Youssef', 'Abdulaziz Fahad'], ['Fatima Zahra', 'Noor', 'Mariam'], ['SAU', 'ARE', 'MAR', 'JOR', 'EGY']),
    ('cn', ['Zhang', 'Li', 'Wang', 'Ouyang'],
     ['Xiaoming', 'Wei'], ['Mei Hua', 'Xiu Ying'], ['CHN', 'SGP']),
    ('vn', ['Nguyễn', 'Trần', 'Phạm', 'Đặng'],
     ['Văn Đức', 'Minh Quân'], ['Thị Lan', 'Ngọc Ánh'], ['VNM']),
    ('in', ['Venkataraghavan Ramasubramanian', 'Sharma', 'Chattopadhyay', 'Reddy'],
     ['Subramanya Sastri', 'Arjun', 'Rajeshwar Prasad'], ['Lakshmi Priya', 'Ananya', 'Padmavathi'], ['IND']),
    ('ng', ['Adébáyọ̀', 'Okonkwo', 'Olúwaṣeun-Bello'],
     ['Chinedu', 'Olúwatóbi Emmanuel'], ['Ngozi', 'Adaeze Ifeoma'], ['NGA', 'GBD']),
    ('gr', ['Papadopoulos', 'Konstantinidou', 'Karamanlis'],
     ['Dimitrios', 'Georgios Ioannis'], ['Eleni', 'Aikaterini'], ['GRC', 'CYP']),
    ('ru', ['Ivanova', 'Shcherbakov', 'Kuznetsova-Vorontsova'],
     ['Vladislav', 'Aleksandr Sergeevich'], ['Yekaterina', 'Anastasiia'], ['UKR', 'XXA']),
    ('ph', ['dela Cruz', 'Santos-Reyes', 'Macapagal'],
     ['Jose Rizal', 'Mark Anthony'], ['Maria Lourdes', 'Ma Cristina'], ['PHL']),
    ('ro', ['Ştefănescu', 'Popescu-Tăriceanu', 'Ţurcanu'],
     ['Ştefan', 'Mihai Andrei'], ['Ioana', 'Mădălina'], ['ROU']),
    ('hi', ["Kaʻahumanu", 'Kealoha'], ['Keoni'], ['Leilani', 'Mālia'], ['USA']),
    ('jp', ['Takahashi', 'Yamamoto', 'Watanabe'], ['Hiroshi', 'Kenta'], ['Yūko', 'Sakura'], ['JPN']),
    ('ke', ['Wanjiku', 'Odhiambo', 'Kipchoge'], ['Kamau', 'Otieno'], ['Achieng', 'Wairimu'], ['KEN', 'UGA']),
]

COUNTRY_NAMES = {
    'D': 'BUNDESREPUBLIK DEUTSCHLAND', 'AUT': 'REPUBLIK ÖSTERREICH', 'CHE': 'SCHWEIZ SUISSE SVIZZERA',
    'SWE': 'SVERIGE SWEDEN', 'NOR': 'NORGE NORWAY', 'DNK': 'DANMARK', 'FIN': 'SUOMI FINLAND',
    'ESP': 'REINO DE ESPAÑA', 'MEX': 'ESTADOS UNIDOS MEXICANOS', 'ARG': 'REPÚBLICA ARGENTINA',
    'PRT': 'REPÚBLICA PORTUGUESA', 'BRA': 'REPÚBLICA FEDERATIVA DO BRASIL', 'FRA': 'RÉPUBLIQUE FRANÇAISE',
    'BEL': 'BELGIQUE BELGIË', 'CAN': 'CANADA', 'IRL': 'ÉIRE IRELAND', 'GBR': 'UNITED KINGDOM',
    'NLD': 'KONINKRIJK DER NEDERLANDEN', 'TUR': 'TÜRKİYE CUMHURİYETİ', 'POL': 'RZECZPOSPOLITA POLSKA',
    'CZE': 'ČESKÁ REPUBLIKA', 'SVK': 'SLOVENSKÁ REPUBLIKA', 'HUN': 'MAGYARORSZÁG', 'ROU': 'ROMÂNIA',
    'ISL': 'ÍSLAND ICELAND', 'SAU': 'KINGDOM OF SAUDI ARABIA', 'ARE': 'UNITED ARAB EMIRATES',
    'MAR': 'ROYAUME DU MAROC', 'JOR': 'HASHEMITE KINGDOM OF JORDAN', 'EGY': 'ARAB REPUBLIC OF EGYPT',
    'CHN': "PEOPLE'S REPUBLIC OF CHINA", 'SGP': 'REPUBLIC OF SINGAPORE', 'VNM': 'VIET NAM',
    'IND': 'REPUBLIC OF INDIA', 'NGA': 'FEDERAL REPUBLIC OF NIGERIA', 'GRC': 'ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ HELLENIC REPUBLIC',
    'CYP': 'REPUBLIC OF CYPRUS', 'UKR': 'UKRAINE', 'PHL': 'REPUBLIC OF THE PHILIPPINES',
    'USA': 'UNITED STATES OF AMERICA', 'JPN': 'JAPAN', 'KEN': 'REPUBLIC OF KENYA', 'UGA': 'REPUBLIC OF UGANDA',
    'UNO': 'UNITED NATIONS', 'EUE': 'EUROPEAN UNION', 'GBD': 'BRITISH OVERSEAS TERRITORIES',
    'XXA': 'STATELESS', 'AUS': 'AUSTRALIA', 'NZL': 'NEW ZEALAND', 'ITA': 'REPUBLICA ITALIANA',
}
NAT_WORDS = {'D': 'DEUTSCH', 'GBD': 'BRITISH OVERSEAS TERRITORIES CITIZEN', 'XXA': 'STATELESS PERSON'}
# ISO 3166-1 alpha-3 codes used by this generator (all others in use are ICAO-only codes)
ISO3 = {c for c in COUNTRY_NAMES if c not in ('D', 'UNO', 'EUE', 'GBD', 'XXA')}
ICAO_TO_ISO = {'D': 'DEU', 'GBD': 'GBR', 'GBN': 'GBR', 'GBO': 'GBR', 'GBP': 'GBR', 'GBS': 'GBR'}
ISSUERS = sorted(c for c in COUNTRY_NAMES if c not in ('GBD', 'XXA'))
CITIES = ['BERLIN', 'MÁLAGA', 'PORTO', 'LYON', 'CORK', 'UTRECHT', 'İZMİR', 'KRAKÓW', 'BRNO', 'DEBRECEN',
          'REYKJAVÍK', 'JEDDAH', 'SHANGHAI', 'HUẾ', 'CHENNAI', 'LAGOS', 'THESSALONIKI', 'KHARKIV', 'CEBU',
          'CLUJ-NAPOCA', 'HONOLULU', 'OSAKA', 'NAIROBI', 'TROMSØ', 'GÖTEBORG', 'ZÜRICH']

TRANSLIT = {'Ä': 'AE', 'Ö': 'OE', 'Ü': 'UE', 'ß': 'SS', 'Å': 'AA', 'Æ': 'AE', 'Ø': 'OE', 'Œ': 'OE',
            'Þ': 'TH', 'Ð': 'D', 'Đ': 'D', 'Ł': 'L', 'Ñ': 'N', 'Ĳ': 'IJ', 'İ': 'I', 'ı': 'I', 'ª': 'A'}


def translit(text):
    """Transliterate a visual-zone name to MRZ characters per ICAO 9303 Part 3."""
    out = []
    for ch in text.upper():
        if ch in TRANSLIT:
            out.append(TRANSLIT[ch])
        elif ch in "'’ʻ`.":
            continue
        elif ch in ' -':
            out.append('<')
        else:
            base = ''.join(c for c in unicodedata.normalize('NFD', ch) if not unicodedata.combining(c))
            out.append(''.join(c for c in base if 'A' <= c <= 'Z'))
    return ''.join(out)


def viz_upper(text):
    """Upper-case a name for the visual zone, keeping diacritics."""
    return text.replace('ß', 'ẞ').upper().replace('ı', 'I')


# ---------------------------------------------------------------------------------------
# MRZ construction (ICAO 9303 Parts 3-6) and an independent parser
# ---------------------------------------------------------------------------------------

def char_value(c):
    """ICAO 9303 Part 3 character value: digits as values, A-Z = 10-35, '<' = 0."""
    if c.isdigit():
        return int(c)
    if 'A' <= c <= 'Z':
        return ord(c) - 55
    if c == '<':
        return 0
    raise ValueError('not an MRZ character: %r' % c)


def check_digit(s):
    """Check digit over s with the repeating weights 7, 3, 1 (modulus 10)."""
    return str(sum(char_value(c) * (7, 3, 1)[i % 3] for i, c in enumerate(s)) % 10)


def pad(s, n):
    """Right-pad s with fillers to n characters (asserts it fits)."""
    assert len(s) <= n, (s, n)
    return s + '<' * (n - len(s))


def yymmdd(d):
    """Date as the six-digit MRZ field."""
    return d.strftime('%y%m%d')


def name_field(primary, secondary, width):
    """Name field: primary<<secondary, truncated at the field end and filler-padded."""
    s = primary + '<<' + secondary
    truncated = len(s) > width
    s = s[:width]
    return pad(s, width), truncated


def build_td3(code, state, namef, docnum, nat, dob, sex, exp, personal, empty_pcd='<'):
    """Two 44-character TD3 lines (ICAO 9303 Part 4)."""
    l1 = pad(code, 2) + pad(state, 3) + namef
    dn = pad(docnum, 9)
    pn = pad(personal, 14)
    pcd = check_digit(pn) if personal else empty_pcd
    l2 = dn + check_digit(dn) + pad(nat, 3) + dob + check_digit(dob) + sex + exp + check_digit(exp) + pn + pcd
    l2 += check_digit(l2[0:10] + l2[13:20] + l2[21:43])
    return [l1, l2]


def build_td2(code, state, namef, docnum, nat, dob, sex, exp, optional):
    """Two 36-character TD2 lines (ICAO 9303 Part 6)."""
    l1 = pad(code, 2) + pad(state, 3) + namef
    dn = pad(docnum, 9)
    l2 = dn + check_digit(dn) + pad(nat, 3) + dob + check_digit(dob) + sex + exp + check_digit(exp) + pad(optional, 7)
    l2 += check_digit(l2[0:10] + l2[13:20] + l2[21:35])
    return [l1, l2]


def build_td1(code, state, docnum, opt1, dob, sex, exp, nat, opt2, namef):
    """Three 30-character TD1 lines (ICAO 9303 Part 5), long document numbers included."""
    if len(docnum) > 9:
        # first 9 characters, '<' in the check-digit position, rest + check digit in optional data 1
        tail = docnum[9:] + check_digit(docnum) + '<' + opt1
        l1 = pad(code, 2) + pad(state, 3) + docnum[:9] + '<' + pad(tail, 15)
    else:
        dn = pad(docnum, 9)
        l1 = pad(code, 2) + pad(state, 3) + dn + check_digit(dn) + pad(opt1, 15)
    l2 = dob + check_digit(dob) + sex + exp + check_digit(exp) + pad(nat, 3) + pad(opt2, 11)
    l2 += check_digit(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29])
    return [l1, l2, namef]


def build_mrv(kind, code, state, namef, docnum, nat, dob, sex, exp, optional):
    """Machine-readable visa lines: MRV-A (2x44) or MRV-B (2x36), ICAO 9303 Part 7."""
    width = 44 if kind == 'MRVA' else 36
    l1 = pad(code, 2) + pad(state, 3) + namef
    dn = pad(docnum, 9)
    l2 = dn + check_digit(dn) + pad(nat, 3) + dob + check_digit(dob) + sex + exp + check_digit(exp)
    l2 += pad(optional, width - 28)
    return [l1, l2]


def clean(s):
    """Strip leading/trailing fillers and turn inner fillers into spaces; None when empty."""
    s = s.strip('<').replace('<', ' ')
    return s or None


def parse_mrz(lines):
    """Independent MRZ parser: format, raw fields and per-digit validity of printed lines."""
    assert all(len(l) == len(lines[0]) for l in lines)
    assert all(all(c == '<' or '0' <= c <= '9' or 'A' <= c <= 'Z' for c in l) for l in lines), lines
    n, w = len(lines), len(lines[0])
    f = {}
    ok = {}
    if n == 3 and w == 30:
        fmt = 'TD1'
        l1, l2, l3 = lines
        f['code'], f['state'] = l1[0:2], l1[2:5]
        opt1 = l1[15:30]
        if l1[14] == '<' and opt1[0] != '<':
            cut = opt1.index('<')
            f['docnum'] = l1[5:14] + opt1[:cut - 1]
            ok['documentNumber'] = check_digit(f['docnum']) == opt1[cut - 1]
            f['personal'] = opt1[cut + 1:]
        else:
            f['docnum'] = l1[5:14]
            ok['documentNumber'] = check_digit(l1[5:14]) == l1[14]
            f['personal'] = opt1
        f['dob'], f['sex'], f['exp'], f['nat'] = l2[0:6], l2[7], l2[8:14], l2[15:18]
        ok['dateOfBirth'] = check_digit(l2[0:6]) == l2[6]
        ok['dateOfExpiry'] = check_digit(l2[8:14]) == l2[14]
        ok['composite'] = check_digit(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29]) == l2[29]
        f['name'] = l3
    elif n == 2 and w in (36, 44):
        l1, l2 = lines
        visa = l1[0] == 'V'
        fmt = ('MRVA' if w == 44 else 'MRVB') if visa else ('TD3' if w == 44 else 'TD2')
        f['code'], f['state'], f['name'] = l1[0:2], l1[2:5], l1[5:]
        f['docnum'], f['nat'], f['dob'], f['sex'], f['exp'] = l2[0:9], l2[10:13], l2[13:19], l2[20], l2[21:27]
        ok['documentNumber'] = check_digit(l2[0:9]) == l2[9]
        ok['dateOfBirth'] = check_digit(l2[13:19]) == l2[19]
        ok['dateOfExpiry'] = check_digit(l2[21:27]) == l2[27]
        f['personal'] = ''
        if fmt == 'TD3':
            f['personal'] = l2[28:42]
            pcd = l2[42]
            ok['personalNumber'] = (pcd in '<0') if l2[28:42] == '<' * 14 else check_digit(l2[28:42]) == pcd
            ok['composite'] = check_digit(l2[0:10] + l2[13:20] + l2[21:43]) == l2[43]
        elif fmt == 'TD2':
            f['personal'] = l2[28:35]
            ok['composite'] = check_digit(l2[0:10] + l2[13:20] + l2[21:35]) == l2[35]
    else:
        raise AssertionError('unknown MRZ shape')
    return fmt, f, ok


def iso_country(code):
    """ISO 3166-1 alpha-3 for an ICAO code, None for codes without an ISO country."""
    code = code.strip('<')
    if code in ICAO_TO_ISO:
        return ICAO_TO_ISO[code]
    return code if code in ISO3 else None


def expected_from_mrz(lines):
    """Expected fields derived from printed lines by the README rules."""
    fmt, f, ok = parse_mrz(lines)
    name = f['name']
    if '<<' in name.rstrip('<'):
        prim, sec = name.split('<<', 1)
    else:
        prim, sec = name, ''
    last = clean(prim)
    first = clean(sec)
    dob, exp = f['dob'], f['exp']
    by = int(dob[:2])
    ey = int(exp[:2])
    dob_iso = '%d-%s-%s' % ((1900 if by > 26 else 2000) + by, dob[2:4], dob[4:6])
    exp_iso = '%d-%s-%s' % ((1900 if ey >= 70 else 2000) + ey, exp[2:4], exp[4:6])
    e = {
        'documentCode': f['code'].strip('<'),
        'lastName': last,
        'firstName': first,
        'fullName': (first + ' ' + last) if first else last,
        'documentNumber': f['docnum'].replace('<', ''),
        'personalNumber': clean(f['personal']) if fmt in ('TD1', 'TD2', 'TD3') else None,
        'nationality': iso_country(f['nat']),
        'issuingCountry': iso_country(f['state']),
        'dateOfBirth': dob_iso,
        'dateOfExpiry': exp_iso,
        'sex': f['sex'] if f['sex'] in 'MFX' else None,
        'mrzNationality': f['nat'].strip('<'),
        'mrzIssuingState': f['state'].strip('<'),
        'expiredOnReferenceDate': date.fromisoformat(exp_iso) < REF_DATE,
    }
    return fmt, e, ok


# ---------------------------------------------------------------------------------------
# Document content
# ---------------------------------------------------------------------------------------

def rand_date(rng, start, end):
    """Uniform random date in [start, end]."""
    return start + timedelta(days=rng.randint(0, (end - start).days))


def add_years(d, n):
    """d plus n years (29 Feb -> 28 Feb)."""
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


def make_docnum(rng, length=9):
    """A plausible document number of the given length (letters and digits)."""
    style = rng.random()
    al = 'ABCDEFGHJKLMNPRSTUVWXYZ'
    if style < 0.3:
        s = ''.join(rng.choice('0123456789') for _ in range(length))
    elif style < 0.65:
        s = ''.join(rng.choice(al) for _ in range(rng.randint(1, 2)))
        s += ''.join(rng.choice('0123456789') for _ in range(length - len(s)))
    else:
        s = ''.join(rng.choice(al + '0123456789' * 2) for _ in range(length))
        if not s[0].isalpha():
            s = rng.choice(al) + s[1:]
    return s


def make_optional(rng, width, allow_inner=True):
    """Optional / personal data: empty, digits, or letters and digits with one inner filler."""
    r = rng.random()
    if r < 0.35:
        return ''
    n = rng.randint(min(4, width), width)
    if r < 0.7 or not allow_inner or n < 5:
        return ''.join(rng.choice('0123456789') for _ in range(n))
    a = rng.randint(2, n - 3)
    left = ''.join(rng.choice('0123456789ABCDEFGHKLMNPRSTUVXZ') for _ in range(a))
    right = ''.join(rng.choice('0123456789') for _ in range(n - a - 1))
    return left + '<' + right


def make_holder(rng, child=False, width=39):
    """A holder: names (VIZ form and MRZ form), sex, birth date; surname fits the field."""
    for _ in range(100):
        cult = rng.choice(CULTURES)
        sex = rng.choice('MF')
        sur = rng.choice(cult[1])
        if rng.random() < 0.15:
            sur = sur + ' ' + rng.choice(rng.choice(CULTURES)[1])
        givens = rng.choice(cult[2] if sex == 'M' else cult[3])
        if rng.random() < 0.3:
            extra = rng.choice(cult[2] if sex == 'M' else cult[3])
            if extra != givens:
                givens = givens + ' ' + extra
        prim, sec = translit(sur), translit(givens)
        if not prim or not sec or len(prim) + 3 > width:
            continue
        if '<<' in prim or '<<' in sec or prim.startswith('<') or sec.startswith('<'):
            continue
        break
    if child:
        dob = rand_date(rng, date(2010, 1, 1), date(2025, 6, 30))
    else:
        dob = rand_date(rng, date(1930, 1, 1), date(2008, 12, 31))
    mrz_sex = sex if rng.random() > 0.06 else '<'
    return {'surname': sur, 'given': givens, 'primary': prim, 'secondary': sec, 'sex': mrz_sex,
            'dob': dob, 'culture': cult[0], 'home': cult[4]}


def make_dates(rng, dob, child):
    """Expiry in 2018-2036 and issue date consistent with a 5 or 10 year validity."""
    validity = 5 if child or rng.random() < 0.35 else 10
    lo = max(date(2018, 1, 1), add_years(dob, validity) + timedelta(days=40))
    hi = date(2036, 12, 31)
    if lo > hi:
        validity = 3
        lo = max(date(2018, 1, 1), add_years(dob, 3) + timedelta(days=40))
    exp = rand_date(rng, lo, hi)
    if abs((exp - REF_DATE).days) < 2:
        exp += timedelta(days=5)
    issue = add_years(exp, -validity) + timedelta(days=1)
    return exp, max(issue, dob + timedelta(days=20))


def pick_states(rng, holder, family):
    """Issuing state and nationality codes (ICAO, including non-ISO codes where plausible)."""
    r = rng.random()
    home = rng.choice(holder['home'])
    if family == 'TD3' and r < 0.05:
        return 'UNO', rng.choice(sorted(ISO3)), 'travel_document'
    if family == 'TD3' and r < 0.09:
        return 'EUE', rng.choice(['FRA', 'BEL', 'D', 'ITA', 'NLD', 'ESP']), 'travel_document'
    if home == 'XXA':
        return rng.choice(['D', 'FRA', 'NLD', 'SWE']), 'XXA', 'travel_document'
    if home == 'GBD':
        return 'GBR', 'GBD', None
    if rng.random() < 0.8:
        return home, home, None
    return rng.choice([c for c in ISSUERS if c not in ('UNO', 'EUE')]), home, None


def fmt_date(d, style):
    """Visual-zone date text (always a four-digit year)."""
    if style == 0:
        return '%02d %s %d' % (d.day, MONTHS[d.month - 1], d.year)
    if style == 1:
        return '%02d.%02d.%d' % (d.day, d.month, d.year)
    if style == 2:
        return '%02d/%02d/%d' % (d.day, d.month, d.year)
    return '%02d %s/%s %d' % (d.day, MONTHS[d.month - 1], ['JANV', 'FÉVR', 'MARS', 'AVR', 'MAI', 'JUIN', 'JUIL',
                                                             'AOÛT', 'SEPT', 'OCT', 'NOV', 'DÉC'][d.month - 1], d.year)


def parse_iso(s):
    """ISO yyyy-mm-dd string to date."""
    return date.fromisoformat(s)


# ---------------------------------------------------------------------------------------
# Rendering helpers
# ---------------------------------------------------------------------------------------

_FONT_CACHE = {}


def font(path, px):
    """Cached truetype font at an integer pixel size."""
    key = (path, max(4, int(round(px))))
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = ImageFont.truetype(path, key[1])
    return _FONT_CACHE[key]


def smooth_noise(nrng, h, w, cell):
    """Smooth value noise in [0,1] (bicubic upsampled random grid)."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    small = Image.fromarray((nrng.random((gh, gw)) * 255).astype(np.uint8))
    return np.asarray(small.resize((w, h), Image.BICUBIC), dtype=np.float32) / 255.0


def hsv2rgb(h, s, v):
    """Vectorised HSV (all in [0,1]) to an RGB float array."""
    i = np.floor(h * 6.0)
    f = h * 6.0 - i
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    i = i.astype(np.int32) % 6
    r = np.choose(i, [v, q, p, p, t, v])
    g = np.choose(i, [t, v, v, q, p, p])
    b = np.choose(i, [p, p, t, v, v, q])
    return np.stack([r, g, b], axis=-1)


def blend(page, color, alpha):
    """page = page*(1-alpha) + color*alpha, alpha an HxW array, color RGB or HxWx3."""
    a = alpha[..., None]
    page *= (1 - a)
    page += np.asarray(color, dtype=np.float32) * a


TINTS = [(0.97, 0.96, 0.93), (0.93, 0.96, 0.98), (0.97, 0.93, 0.94), (0.93, 0.97, 0.93),
         (0.98, 0.96, 0.88), (0.95, 0.94, 0.98), (0.985, 0.985, 0.98)]
INKS = [(0.55, 0.35, 0.55), (0.3, 0.5, 0.65), (0.35, 0.6, 0.45), (0.7, 0.45, 0.3), (0.5, 0.5, 0.7), (0.65, 0.4, 0.45)]


def security_background(rng, nrng, W, H, ppm, clear_y0, microtext_word):
    """Tinted base, rainbow print, guilloche, rosette, microtext and watermark; returns (float page, notes)."""
    notes = []
    tint = np.array(rng.choice(TINTS), dtype=np.float32)
    page = np.ones((H, W, 3), np.float32) * tint
    if tint.mean() < 0.975:
        notes.append('coloured tint')
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32) / ppm  # mm
    clear = np.ones((H, W), np.float32)
    if clear_y0 is not None:
        clear[int(clear_y0 * ppm):, :] = rng.uniform(0.25, 0.5)  # low-contrast patterns under the MRZ
    if rng.random() < 0.75:  # rainbow print: colour gradient across the page
        c1, c2, c3 = (np.array(rng.choice(INKS)) for _ in range(3))
        t = (xx / xx.max())[..., None]
        grad = np.where(t < 0.5, c1 * (1 - 2 * t) + c2 * 2 * t, c2 * (2 - 2 * t) + c3 * (2 * t - 1))
        a = rng.uniform(0.12, 0.25)
        page = page * (1 - a) + (page * (0.5 + 0.5 * grad)) * a
        notes.append('rainbow print')
    fams = rng.randint(2, 4)
    for k in range(fams):  # guilloche families of fine wavy lines
        th = rng.uniform(0, math.pi)
        u = xx * math.cos(th) + yy * math.sin(th)
        v = -xx * math.sin(th) + yy * math.cos(th)
        period = rng.uniform(0.7, 1.8)
        amp = rng.uniform(0.3, 2.5)
        L = rng.uniform(6, 30)
        ph = rng.uniform(0, 6.3)
        val = v / period + amp * np.sin(2 * np.pi * u / L + ph) + 0.4 * amp * np.sin(2 * np.pi * u / (L * 0.37) + ph * 2)
        d = np.abs(val - np.round(val)) * period
        lw = rng.uniform(0.04, 0.08)
        line = np.exp(-(d / lw) ** 2)
        col = np.array(rng.choice(INKS), dtype=np.float32)
        blend(page, col, line * rng.uniform(0.25, 0.55) * clear)
    notes.append('guilloche (%d families)' % fams)
    if rng.random() < 0.7:  # rosette
        cx, cy = rng.uniform(0.2, 0.8) * W / ppm, rng.uniform(0.2, 0.6) * H / ppm
        r = np.hypot(xx - cx, yy - cy)
        ang = np.arctan2(yy - cy, xx - cx)
        n = rng.randint(6, 18)
        period = rng.uniform(0.6, 1.2)
        val = r / period + rng.uniform(1, 3) * np.sin(n * ang + r * 0.15)
        d = np.abs(val - np.round(val)) * period
        line = np.exp(-(d / 0.05) ** 2) * np.clip(1.3 - r / rng.uniform(15, 35), 0, 1)
        blend(page, np.array(rng.choice(INKS), dtype=np.float32), line * 0.45 * clear)
        notes.append('rosette')
    img = Image.fromarray((np.clip(page, 0, 1) * 255).astype(np.uint8))
    # microtext and watermark drawn as coverage masks
    mt = Image.new('L', (W, H), 0)
    dr = ImageDraw.Draw(mt)
    msize = max(5, ppm * rng.uniform(0.45, 0.7) / 0.72)
    f = font(rng.choice(SANS), msize)
    text = (microtext_word + ' ') * (int(W / (msize * 0.6 * len(microtext_word))) + 3)
    ys = []
    y = rng.uniform(2, 8)
    while y < H / ppm:
        ys.append(y)
        y += rng.uniform(6, 16)
    for y in ys:
        dr.text((-rng.uniform(0, 20), y * ppm), text, font=f, fill=255)
    mtarr = np.asarray(mt, np.float32) / 255 * clear
    page = np.asarray(img, np.float32) / 255
    blend(page, np.array(rng.choice(INKS), dtype=np.float32) * 0.8, mtarr * rng.uniform(0.35, 0.6))
    notes.append('microtext lines')
    if rng.random() < 0.75:  # faint watermark emblem
        wm = Image.new('L', (W, H), 0)
        d2 = ImageDraw.Draw(wm)
        cx, cy = rng.uniform(0.3, 0.75) * W, rng.uniform(0.3, 0.8) * H
        R = rng.uniform(0.18, 0.3) * H
        for i in range(3):
            d2.ellipse([cx - R + i * R * 0.12, cy - R + i * R * 0.12, cx + R - i * R * 0.12, cy + R - i * R * 0.12],
                       outline=255, width=max(1, int(ppm * 0.5)))
        pts = [(cx + R * 0.6 * math.cos(a * math.pi / 5 - math.pi / 2) * (1 if a % 2 == 0 else 0.4),
                cy + R * 0.6 * math.sin(a * math.pi / 5 - math.pi / 2) * (1 if a % 2 == 0 else 0.4)) for a in range(10)]
        d2.polygon(pts, fill=255)
        wm = wm.filter(ImageFilter.GaussianBlur(ppm * 0.4))
        blend(page, tint * 0.82, np.asarray(wm, np.float32) / 255 * rng.uniform(0.25, 0.5))
        notes.append('watermark emblem')
    return page, notes


def draw_photo(img, rng, box, ppm, ghost=False):
    """Photo placeholder: gradient background with a grey head-and-shoulders silhouette."""
    x0, y0, x1, y1 = [int(v) for v in box]
    w, h = x1 - x0, y1 - y0
    bgc = np.array(rng.choice([(0.85, 0.88, 0.93), (0.9, 0.9, 0.9), (0.8, 0.86, 0.9)]))
    grad = np.linspace(0.92, 1.05, h)[:, None, None] * bgc[None, None, :] * np.ones((h, w, 3))
    ph = Image.fromarray((np.clip(grad, 0, 1) * 255).astype(np.uint8))
    d = ImageDraw.Draw(ph)
    skin = tuple(int(c) for c in rng.choice([(150, 120, 100), (110, 90, 80), (190, 160, 140), (90, 70, 60)]))
    d.ellipse([w * 0.1, h * 0.68, w * 0.9, h * 1.3], fill=tuple(int(c * 0.5) for c in skin))
    d.rectangle([w * 0.42, h * 0.5, w * 0.58, h * 0.75], fill=skin)
    d.ellipse([w * 0.27, h * 0.15, w * 0.73, h * 0.65], fill=skin)
    d.chord([w * 0.25, h * 0.1, w * 0.75, h * 0.5], 180, 360, fill=(60, 45, 35))
    if ghost:
        ph = ph.convert('L').convert('RGB')
        arr = 255 - (255 - np.asarray(ph, np.float32)) * 0.35
        ph = Image.fromarray(arr.astype(np.uint8))
    img.paste(ph, (x0, y0))


def draw_signature(draw, rng, x, y, w, h, color=(30, 40, 90)):
    """A scribbled signature polyline."""
    pts = []
    n = 40
    f1, f2 = rng.uniform(2, 5), rng.uniform(5, 11)
    for i in range(n):
        t = i / (n - 1)
        pts.append((x + t * w, y + h * 0.5 + h * 0.35 * math.sin(f1 * t * 6.28) + h * 0.15 * math.sin(f2 * t * 6.28)))
    draw.line(pts, fill=color, width=max(1, int(h * 0.06)))


def draw_fields(draw, ppm, x, y, rows, lab_font, val_font, lab_col, val_col, gap_mm, max_w):
    """Label/value pairs stacked vertically, values shrunk to fit max_w (returns the final y)."""
    for lab, val in rows:
        if lab:
            draw.text((x, y), lab, font=lab_font, fill=lab_col)
            y += lab_font.size * 1.05
        vf = val_font
        while vf.getlength(val) > max_w and vf.size > 6:
            vf = ImageFont.truetype(vf.path, vf.size - 1)
        draw.text((x, y), val, font=vf, fill=val_col)
        y += val_font.size * 1.05 + gap_mm * ppm
    return y


def render_mrz(page, rng, nrng, lines, ppm, x0_mm, base_y_mm, pitch_mm, cap_mm, ink_kind):
    """Draw MRZ lines in OCR-B with pitch/baseline irregularities and an ink variant; returns (notes, bbox)."""
    H, W = page.shape[:2]
    size = cap_mm * ppm / 0.73
    f = font(OCRB, size)
    mask = Image.new('L', (W, H), 0)
    d = ImageDraw.Draw(mask)
    notes = []
    pitch_jit = rng.choice([0.0, 0.0, rng.uniform(0.01, 0.035)])
    slope_max = rng.choice([0.0, rng.uniform(0.0008, 0.004)])
    wander = rng.random() < 0.3
    if pitch_jit:
        notes.append('uneven pitch ±%.0f%%' % (pitch_jit * 100))
    if slope_max:
        notes.append('lines not parallel (up to %.2f°)' % math.degrees(slope_max))
    if wander:
        notes.append('baseline wanders 1-2 px')
    line_gap = rng.uniform(3.9, 4.4)
    base_first = base_y_mm - line_gap * (len(lines) - 1)
    xs0, ys0, xs1, ys1 = 1e9, 1e9, 0, 0
    for li, line in enumerate(lines):
        slope = rng.uniform(-slope_max, slope_max)
        by = (base_first + li * line_gap) * ppm
        x = x0_mm * ppm + rng.uniform(-0.3, 0.3) * ppm
        walk = 0.0
        for i, ch in enumerate(line):
            if wander:
                walk = max(-2.0, min(2.0, walk + rng.uniform(-0.6, 0.6)))
            yoff = slope * (x - x0_mm * ppm) + (walk * ppm / 10.0 if wander else 0)
            d.text((x, by + yoff), ch, font=f, fill=255, anchor='ls')
            x += pitch_mm * ppm * (1 + rng.uniform(-pitch_jit, pitch_jit))
        xs0, xs1 = min(xs0, x0_mm * ppm), max(xs1, x)
        ys0, ys1 = min(ys0, by - cap_mm * ppm), max(ys1, by)
    assert xs1 < W - 0.5 * ppm and ys1 < H - 1.0 * ppm, 'MRZ does not fit on the page'
    m = np.asarray(mask, np.float32) / 255
    by0, by1, bx0, bx1 = int(ys0), int(ys1) + 1, int(xs0), int(xs1) + 1
    zone = page[by0:by1, bx0:bx1].mean(axis=2)
    before = zone[m[by0:by1, bx0:bx1] < 0.05].mean()
    if ink_kind == 'black':
        ink = np.array([0.07, 0.07, 0.09]) + rng.uniform(0, 0.08)
        blend(page, ink, m * rng.uniform(0.9, 1.0))
        notes.insert(0, 'MRZ black laser print')
    elif ink_kind == 'engraved':
        g = rng.uniform(0.28, 0.42)
        sh = max(1, int(round(ppm * 0.08)))
        hi = np.roll(np.roll(m, -sh, 0), -sh, 1)
        blend(page, np.array([1.0, 1.0, 1.0]), np.clip(hi - m, 0, 1) * 0.45)
        blend(page, np.array([g, g, g * 1.03]), m * 0.9)
        notes.insert(0, 'MRZ grey laser engraving with embossed highlight (grey %.2f)' % g)
    else:
        bl = np.asarray(mask.filter(ImageFilter.GaussianBlur(ppm * 0.07)), np.float32) / 255
        m2 = np.clip(np.maximum(m, bl * 1.7), 0, 1)
        blend(page, np.array([0.1, 0.09, 0.12]), m2)
        notes.insert(0, 'MRZ ink bleed (bold)')
    ink_l = page.mean(axis=2)[m > 0.9].mean()
    assert before - ink_l > 0.3, 'MRZ contrast too low (%.2f vs %.2f)' % (before, ink_l)
    return notes, (xs0, ys0, xs1, ys1)


def hologram(page, rng, nrng, ppm, mrz_box, allow_over_mrz):
    """Iridescent semi-transparent laminate patches/bands with specular highlights."""
    H, W = page.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    region = np.zeros((H, W), np.float32)
    notes = []
    kind = rng.choice(['band', 'patch', 'patches'])
    if kind == 'band':
        th = rng.uniform(-0.6, 0.6)
        c = rng.uniform(0.2, 0.8) * W
        dist = np.abs((xx - c) * math.cos(th) + (yy - H / 2) * math.sin(th))
        region = np.clip(1 - (dist - rng.uniform(4, 10) * ppm) / (2 * ppm), 0, 1)
    else:
        for _ in range(1 if kind == 'patch' else rng.randint(2, 4)):
            cx, cy = rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.9) * H
            r = rng.uniform(6, 14) * ppm
            region = np.maximum(region, np.clip(1 - (np.hypot(xx - cx, yy - cy) - r) / (2 * ppm), 0, 1))
    hue = (xx * rng.uniform(0.002, 0.006) + yy * rng.uniform(0.002, 0.006)) * (12 / ppm) + \
        0.15 * np.sin(xx / (ppm * rng.uniform(2, 5))) + rng.random()
    hue = hue % 1.0
    fine = 0.5 + 0.5 * np.sin((xx + yy) / (ppm * 0.35))
    col = hsv2rgb(hue, np.full_like(hue, 0.55), 0.85 + 0.15 * fine)
    alpha = region * rng.uniform(0.12, 0.26)
    x0, y0, x1, y1 = mrz_box
    y0m, y1m = int(max(0, y0 - ppm)), int(min(H, y1 + ppm))
    over = alpha[y0m:y1m, :].max() > 0.01 if y1m > y0m else False
    if over:
        if allow_over_mrz:
            alpha[y0m:y1m, :] = np.minimum(alpha[y0m:y1m, :], rng.uniform(0.08, 0.16))
            notes.append('holographic %s over part of the MRZ (opacity <= %.2f)' % (kind, alpha[y0m:y1m, :].max()))
        else:
            alpha[y0m:y1m, :] = 0
            notes.append('holographic %s (clear of MRZ)' % kind)
    else:
        notes.append('holographic %s' % kind)
    blend(page, col, alpha)
    # specular highlights: small bright blobs, kept off the MRZ
    ys = np.argwhere(region > 0.5)
    for _ in range(rng.randint(1, 4)):
        if len(ys) == 0:
            break
        py, px = ys[nrng.integers(len(ys))]
        if y0m - 2 * ppm <= py <= y1m + 2 * ppm:
            continue
        r = rng.uniform(0.6, 2.0) * ppm
        g = np.exp(-((xx - px) ** 2 + (yy - py) ** 2) / (2 * r * r))
        blend(page, np.array([1.0, 1.0, 1.0]), g * rng.uniform(0.5, 0.8))
    return notes


def rounded_alpha(W, H, radius):
    """Alpha mask for a card with rounded corners."""
    a = Image.new('L', (W, H), 0)
    ImageDraw.Draw(a).rounded_rectangle([0, 0, W - 1, H - 1], radius=int(radius), fill=255)
    return a


# ---------------------------------------------------------------------------------------
# Document layouts
# ---------------------------------------------------------------------------------------

SIZES = {'TD3': (125.0, 88.0), 'TD2': (105.0, 74.0), 'TD1': (85.6, 54.0), 'MRVA': (120.0, 82.0),
         'MRVB': (105.0, 74.0), 'DL': (85.6, 54.0), 'LETTER': (148.0, 190.0)}


def render_document(spec, ppm, rng, nrng):
    """Draw one document side (or both) as RGBA at ppm px/mm; returns (image, notes)."""
    fmt = spec['layout']
    notes = []
    if fmt == 'TD1-front+back':
        front, n1 = render_side(spec, 'TD1-front', ppm, rng, nrng)
        back, n2 = render_side(spec, 'TD1', ppm, rng, nrng)
        gap = int(rng.uniform(4, 12) * ppm)
        if rng.random() < 0.6:
            canvas = Image.new('RGBA', (front.width, front.height * 2 + gap), (0, 0, 0, 0))
            canvas.paste(front, (0, 0))
            canvas.paste(back, (0, front.height + gap))
            notes.append('front (top) and MRZ back (bottom) in one image')
        else:
            canvas = Image.new('RGBA', (front.width * 2 + gap, front.height), (0, 0, 0, 0))
            canvas.paste(front, (0, 0))
            canvas.paste(back, (front.width + gap, 0))
            notes.append('front (left) and MRZ back (right) in one image')
        return canvas, notes + n2
    return render_side(spec, fmt, ppm, rng, nrng)


def render_side(spec, fmt, ppm, rng, nrng):
    """Render a single side: background, visual zone, MRZ, holograms."""
    size_key = 'TD1' if fmt.startswith('TD1') else fmt
    wmm, hmm = SIZES[size_key]
    W, H = int(wmm * ppm), int(hmm * ppm)
    lines = spec.get('lines')
    clear_y0 = hmm - (len(lines) * 4.3 + 5.5) if lines and fmt != 'TD1-front' else None
    word = spec.get('microtext', 'SPECIMEN')
    page, notes = security_background(rng, nrng, W, H, ppm, clear_y0, word)
    img = Image.fromarray((np.clip(page, 0, 1) * 255).astype(np.uint8))
    draw = ImageDraw.Draw(img)
    sans, bold = rng.choice(list(zip(SANS, SANS_BOLD)))
    lab_col = tuple(int(c) for c in rng.choice([(70, 60, 110), (60, 80, 100), (110, 60, 70), (60, 60, 60)]))
    val_col = (15, 15, 25)
    e = spec['viz']
    if fmt in ('TD3', 'TD2', 'MRVA', 'MRVB', 'TD1-front', 'DL'):
        head_f = font(bold, 2.6 * ppm / 0.73 * (0.9 if fmt != 'TD3' else 1.0))
        draw.text((4 * ppm, 2.0 * ppm), e['header'], font=head_f, fill=lab_col)
        draw.text((4 * ppm, 2.0 * ppm + head_f.size * 1.1), e['title'], font=font(sans, 2.0 * ppm / 0.73), fill=lab_col)
    if fmt in ('TD3', 'TD2', 'MRVA', 'MRVB', 'TD1-front', 'DL'):
        scale = {'TD3': 1.0, 'TD2': 0.9, 'MRVA': 0.9, 'MRVB': 0.85, 'TD1-front': 0.78, 'DL': 0.78}[fmt]
        top = 11 * ppm * scale + 1.5 * ppm
        pw = {'TD3': 32, 'TD2': 26, 'MRVA': 26, 'MRVB': 24, 'TD1-front': 23, 'DL': 23}[fmt]
        photo_box = (4 * ppm, top, (4 + pw) * ppm, top + pw * 1.28 * ppm)
        draw_photo(img, rng, photo_box, ppm)
        draw = ImageDraw.Draw(img)
        lab_f = font(sans, 1.3 * ppm / 0.73 * scale)
        val_f = font(bold, 2.0 * ppm / 0.73 * scale)
        fx = (4 + pw + 4) * ppm
        draw_fields(draw, ppm, fx, top, e['rows'], lab_f, val_f, lab_col, val_col, 0.35 * scale, W - fx - 3 * ppm)
        if fmt in ('TD3', 'TD1-front', 'DL') and rng.random() < 0.7:
            draw_signature(draw, rng, 5 * ppm, photo_box[3] + 1.5 * ppm, pw * 0.9 * ppm, 5 * ppm * scale)
        if fmt in ('TD3', 'TD1-front') and rng.random() < 0.5:
            gw = 12 * scale
            draw_photo(img, rng, (W - (gw + 5) * ppm, top + 3 * ppm, W - 5 * ppm, top + (3 + gw * 1.28) * ppm), ppm, ghost=True)
            notes.append('ghost image')
            draw = ImageDraw.Draw(img)
    elif fmt == 'TD1':  # MRZ side of a card
        lab_f = font(sans, 1.2 * ppm / 0.73)
        val_f = font(bold, 1.8 * ppm / 0.73)
        draw_fields(draw, ppm, 4 * ppm, 3 * ppm, e['back_rows'], lab_f, val_f, lab_col, val_col, 0.3, 50 * ppm)
        if rng.random() < 0.6:  # a linear barcode-like block on the back
            bx, by = 58 * ppm, 4 * ppm
            x = bx
            while x < bx + 22 * ppm:
                wbar = rng.choice([0.25, 0.5, 0.75]) * ppm
                draw.rectangle([x, by, x + wbar, by + 9 * ppm], fill=(25, 25, 25))
                x += wbar + rng.choice([0.25, 0.5]) * ppm
    elif fmt == 'LETTER':
        y = 12 * ppm
        draw.text((12 * ppm, y), e['header'], font=font(bold, 3.2 * ppm / 0.73), fill=lab_col)
        y += 9 * ppm
        body_f = font(sans, 2.1 * ppm / 0.73)
        code_f = font(rng.choice(['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
                                  '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf']), 2.3 * ppm / 0.73)
        for kind, text in e['body']:
            draw.text((12 * ppm, y), text, font=code_f if kind == 'code' else body_f, fill=val_col)
            y += 4.2 * ppm
        draw_signature(draw, rng, 14 * ppm, y + 4 * ppm, 40 * ppm, 8 * ppm)
    if fmt == 'DL':
        for i, line in enumerate(e.get('codes', [])):
            draw.text((4 * ppm, H - (3 + 3.2 * (len(e['codes']) - i)) * ppm), line,
                      font=font(bold, 2.0 * ppm / 0.73), fill=val_col)
    page = np.asarray(img, np.float32) / 255
    mrz_box = (0, H + 10 * ppm, 0, H + 10 * ppm)
    if lines and fmt != 'TD1-front':
        width = len(lines[0])
        pitch = 25.4 / 10 * rng.uniform(0.985, 1.015)
        cap = spec['cap_mm']
        x0 = (wmm - pitch * width) / 2 + rng.uniform(-0.8, 0.8)
        base_y = hmm - rng.uniform(4.0, 5.5)
        mn, mrz_box = render_mrz(page, rng, nrng, lines, ppm, x0, base_y, pitch, cap, spec['ink'])
        notes += mn + ['MRZ character height %.1f mm' % cap]
    if spec.get('holo'):
        notes += hologram(page, rng, nrng, ppm, mrz_box, spec.get('holo_over_mrz', False))
    img = Image.fromarray((np.clip(page, 0, 1) * 255).astype(np.uint8)).convert('RGBA')
    radius = 3.2 * ppm if size_key in ('TD1', 'TD2', 'DL') else 0.3 * ppm
    img.putalpha(rounded_alpha(W, H, radius))
    return img, notes


# ---------------------------------------------------------------------------------------
# Capture simulation
# ---------------------------------------------------------------------------------------

def texture(rng, nrng, W, H):
    """Textured surface for phone photos: wood, fabric or desk; returns (array, name)."""
    kind = rng.choice(['wood', 'fabric', 'desk'])
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == 'wood':
        n = smooth_noise(nrng, H, W, max(W, H) / 6)
        grain = np.sin((yy / (H / rng.uniform(25, 60)) + 6 * n) * 2 * np.pi)
        fine = smooth_noise(nrng, H, W, 3)
        base = np.array(rng.choice([(0.55, 0.38, 0.22), (0.7, 0.52, 0.33), (0.38, 0.25, 0.16)]))
        v = 0.85 + 0.1 * grain + 0.08 * (fine - 0.5)
        arr = base[None, None, :] * v[..., None]
    elif kind == 'fabric':
        p = rng.uniform(3, 7)
        weave = 0.5 + 0.25 * np.sin(xx * 2 * np.pi / p) * np.sign(np.sin(yy * np.pi / p)) + \
            0.25 * np.sin(yy * 2 * np.pi / p) * np.sign(np.sin(xx * np.pi / p))
        base = np.array(rng.choice([(0.25, 0.3, 0.45), (0.55, 0.2, 0.2), (0.35, 0.4, 0.3), (0.6, 0.58, 0.52)]))
        arr = base[None, None, :] * (0.8 + 0.3 * weave[..., None]) * (0.9 + 0.2 * smooth_noise(nrng, H, W, W / 5)[..., None])
    else:
        base = np.array(rng.choice([(0.82, 0.82, 0.8), (0.3, 0.3, 0.32), (0.9, 0.88, 0.84), (0.62, 0.66, 0.7)]))
        speck = nrng.normal(0, 0.02, (H, W))
        arr = base[None, None, :] * (0.92 + 0.12 * smooth_noise(nrng, H, W, W / 3) + speck)[..., None]
    return np.clip(arr, 0, 1).astype(np.float32), kind


def perspective_coeffs(dst, src):
    """Coefficients for PIL PERSPECTIVE mapping output points dst to input points src."""
    A, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(A, float), np.array(b, float)).tolist()


def encode(img, rng, grey, q_range, png_p):
    """Encode as PNG or JPEG; returns (bytes, ext, note)."""
    if grey:
        img = img.convert('L')
    buf = io.BytesIO()
    if rng.random() < png_p and img.width * img.height < 2_500_000:
        img.save(buf, 'PNG', optimize=False)
        return buf.getvalue(), 'png', 'PNG'
    q = rng.randint(*q_range)
    img.save(buf, 'JPEG', quality=q)
    return buf.getvalue(), 'jpg', 'JPEG q%d' % q


def add_noise(arr, nrng, sigma):
    """Additive Gaussian sensor noise (sigma in 0-255 units), luminance plus some chroma."""
    h, w = arr.shape[:2]
    lum = nrng.normal(0, sigma / 255, (h, w, 1))
    chroma = nrng.normal(0, sigma * 0.4 / 255, (h, w, 3))
    return arr + lum + chroma


def capture_scan(obj, rng, nrng, fp, obj_ppm, photocopy=False, small=False):
    """Flatbed scan or photocopy of obj (RGBA at obj_ppm) at fp px/mm on a white bed."""
    notes = []
    w, h = int(obj.width * fp / obj_ppm), int(obj.height * fp / obj_ppm)
    doc = obj.resize((w, h), Image.LANCZOS)
    skew = rng.uniform(-3, 3) if not small else rng.uniform(-1.5, 1.5)
    doc = doc.rotate(skew, resample=Image.BICUBIC, expand=True)
    mx = int(rng.uniform(4, 25) * fp)
    my = int(rng.uniform(4, 25) * fp)
    Wc = max(600, doc.width + 2 * mx)
    Hc = doc.height + 2 * my
    if Wc > 3000:
        Wc = 3000
    bed = Image.new('RGB', (Wc, Hc), tuple(int(c) for c in (rng.uniform(243, 255),) * 3))
    # thin shadow at the document edge (lid gap)
    sh = Image.new('RGBA', doc.size, (60, 60, 60, 0))
    sh.putalpha(doc.getchannel('A').point(lambda a: int(a * 0.35)))
    ox, oy = (Wc - doc.width) // 2 + rng.randint(-mx // 2, mx // 2), my
    bed.paste(sh, (ox + 1, oy + 1), sh)
    bed.paste(doc, (ox, oy), doc)
    arr = np.asarray(bed, np.float32) / 255
    dpi = fp * 25.4
    grey = rng.random() < 0.35
    if photocopy:
        g = arr.mean(axis=2, keepdims=True)
        lo, hi = rng.uniform(0.15, 0.3), rng.uniform(0.72, 0.85)
        g = np.clip((g - lo) / (hi - lo), 0, 1) ** 1.3
        speck = nrng.random(g.shape[:2]) < rng.uniform(0.0003, 0.0015)
        g[speck] = rng.uniform(0.0, 0.3)
        streak_x = nrng.integers(0, g.shape[1], size=rng.randint(0, 2))
        for sx in streak_x:
            g[:, sx:sx + 2] *= 0.85
        arr = np.repeat(g, 3, axis=2)
        arr = add_noise(arr, nrng, rng.uniform(2, 5))
        grey = True
        notes.append('photocopy %d dpi equivalent, high-contrast grey, toner speckle, skew %.1f°' % (dpi, skew))
    else:
        arr = add_noise(arr * rng.uniform(0.96, 1.03), nrng, rng.uniform(0.5, 3))
        notes.append('flatbed scan %d dpi, %s, skew %.1f°, on white bed' % (dpi, 'greyscale' if grey else 'colour', skew))
    out = Image.fromarray((np.clip(arr, 0, 1) * 255).astype(np.uint8))
    out = out.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 0.5)))
    q = (80, 92) if small else ((35, 85) if photocopy else (45, 90))
    data, ext, en = encode(out, rng, grey, q, 0.5 if small else 0.25)
    notes.append(en)
    return data, ext, out.size, notes


def capture_photo(obj, rng, nrng, fp, obj_ppm, small=False):
    """Phone photo: obj on a textured surface, 30-60 % of the frame, perspective and lighting."""
    notes = []
    dw, dh = obj.width * fp / obj_ppm, obj.height * fp / obj_ppm
    frac = rng.uniform(0.3, 0.6)
    aspect = rng.choice([4 / 3, 16 / 9, 3 / 2]) if dw >= dh else rng.choice([3 / 4, 9 / 16])
    ang = math.radians(rng.uniform(-8, 8) if not small else rng.uniform(-3, 3))
    ca, sa = abs(math.cos(ang)), abs(math.sin(ang))

    def frame(fp_, frac_):
        """Frame size for a document scale and area fraction (rotated document must fit)."""
        w_, h_ = dw * fp_ / fp, dh * fp_ / fp
        W_ = math.sqrt(w_ * h_ / frac_ * aspect)
        H_ = W_ / aspect
        s_ = max(1.0, (w_ * ca + h_ * sa) * 1.12 / W_, (w_ * sa + h_ * ca) * 1.12 / H_)
        return W_ * s_, H_ * s_
    W, H = frame(fp, frac)
    while W > 3000 and frac < 0.6:
        frac = min(0.6, frac * 1.1)
        W, H = frame(fp, frac)
    if W > 3000:
        fp *= 3000 / W
    dw, dh = obj.width * fp / obj_ppm, obj.height * fp / obj_ppm
    W, H = frame(fp, frac)
    W, H = max(600, min(3000, int(round(W)))), int(round(H))
    frac = dw * dh / (W * H)
    bg, tex = texture(rng, nrng, W, H)
    cx, cy = W / 2 + rng.uniform(-0.08, 0.08) * W, H / 2 + rng.uniform(-0.08, 0.08) * H
    ca, sa = math.cos(ang), math.sin(ang)
    corners = []
    jit = 0.04 if not small else 0.01
    for (u, v) in [(-dw / 2, -dh / 2), (dw / 2, -dh / 2), (dw / 2, dh / 2), (-dw / 2, dh / 2)]:
        x = cx + u * ca - v * sa + rng.uniform(-jit, jit) * dw
        y = cy + u * sa + v * ca + rng.uniform(-jit, jit) * dh
        corners.append((min(max(x, 2), W - 3), min(max(y, 2), H - 3)))
    src = [(0, 0), (obj.width, 0), (obj.width, obj.height), (0, obj.height)]
    coeffs = perspective_coeffs(corners, src)
    warped = obj.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    a = warped.getchannel('A')
    shadow = a.filter(ImageFilter.GaussianBlur(max(2, fp * 1.5)))
    sh = np.asarray(shadow, np.float32)[..., None] / 255
    off = int(fp * rng.uniform(0.5, 2))
    sh = np.roll(np.roll(sh, off, 0), off, 1)
    arr = bg * (1 - 0.45 * sh)
    wa = np.asarray(warped, np.float32) / 255
    al = wa[..., 3:4]
    arr = arr * (1 - al) + wa[..., :3] * al
    # lighting: gradient, vignette, colour cast, exposure
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    light = 1 + rng.uniform(0.05, 0.2) * ((xx / W - 0.5) * gx + (yy / H - 0.5) * gy)
    vig = 1 - rng.uniform(0.1, 0.3) * (((xx / W - 0.5) ** 2 + (yy / H - 0.5) ** 2) * 2)
    arr = arr * (light * vig)[..., None]
    cast = rng.choice(['none', 'tungsten', 'fluorescent', 'daylight-cool'])
    mult = {'none': (1, 1, 1), 'tungsten': (1.0, 0.86, 0.66), 'fluorescent': (0.93, 1.0, 0.9),
            'daylight-cool': (0.9, 0.96, 1.05)}[cast]
    if small:
        cast, mult = 'none', (1, 1, 1)
    arr = arr * np.array(mult, np.float32)
    expo = rng.choice(['normal', 'normal', 'under', 'over']) if not small else 'normal'
    gain, gamma = {'normal': (1.0, 1.0), 'under': (rng.uniform(0.55, 0.75), 1.15),
                   'over': (rng.uniform(1.15, 1.35), 0.85)}[expo]
    arr = np.clip(arr * gain, 0, 1) ** gamma
    sigma = rng.uniform(2, 8) if not small else rng.uniform(0.5, 2)
    if expo == 'under':
        sigma *= 1.4
    arr = add_noise(arr, nrng, sigma)
    out = Image.fromarray((np.clip(arr, 0, 1) * 255).astype(np.uint8))
    blur = rng.uniform(0.3, 0.9) if not small else 0.3
    out = out.filter(ImageFilter.GaussianBlur(blur))
    notes.append('phone photo on %s, document %.0f%% of frame, rotation %.1f°, perspective, %s cast, %s exposure, noise σ%.1f'
                 % (tex, frac * 100, math.degrees(ang), cast, expo, sigma))
    data, ext, en = encode(out, rng, False, (80, 92) if small else (35, 90), 0.3 if small else 0.1)
    notes.append(en)
    return data, ext, out.size, notes, fp


# ---------------------------------------------------------------------------------------
# Document specifications
# ---------------------------------------------------------------------------------------

MIX = [('td3', 45), ('td1', 35), ('td2', 15), ('checks_fail', 25), ('visa', 10), ('no_mrz', 10), ('small', 10)]


def allocate(count):
    """Per-category counts for count documents (largest remainder on the 150-document mix)."""
    total = sum(n for _, n in MIX)
    raw = [(k, n * count / total) for k, n in MIX]
    out = {k: int(v) for k, v in raw}
    rest = count - sum(out.values())
    for k, v in sorted(raw, key=lambda kv: -(kv[1] - int(kv[1])))[:rest]:
        out[k] += 1
    return out


def viz_rows(family, holder, e, issue, state_code, rng, docnum_label='Passport No.'):
    """Visual-zone label/value rows shown next to the photo."""
    ds = rng.randint(0, 3)
    sexv = {'M': 'M', 'F': 'F'}.get(e['sex'] or '', 'X' if rng.random() < 0.5 else '—')
    nat_code = e['mrzNationality']
    natv = NAT_WORDS.get(nat_code, nat_code)
    rows = [('Surname / Nom', viz_upper(holder['surname'])),
            ('Given names / Prénoms', viz_upper(holder['given'])),
            ('Nationality / Nationalité', natv),
            ('Date of birth / Date de naissance', fmt_date(parse_iso(e['dateOfBirth']), ds)),
            ('Sex / Sexe', sexv)]
    if family in ('TD3', 'TD2'):
        rows.append(('Place of birth / Lieu de naissance', holder['pob']))
        rows.append(('Date of issue / Date de délivrance', fmt_date(issue, ds)))
    rows.append(('Date of expiry / Date d\'expiration', fmt_date(parse_iso(e['dateOfExpiry']), ds)))
    rows.insert(0, ('Type / Code / %s' % docnum_label, '%s   %s   %s' % (e['documentCode'], state_code, e['documentNumber'])))
    return rows


def make_mrz_document(rng, family, child=False, long_number=False):
    """Holder, dates, codes and MRZ lines for a TD1/TD2/TD3 document."""
    width = {'TD3': 39, 'TD2': 31, 'TD1': 30}[family]
    holder = make_holder(rng, child, width)
    holder['pob'] = rng.choice(CITIES)
    exp, issue = make_dates(rng, holder['dob'], child)
    state, nat, kind = pick_states(rng, holder, family)
    namef, truncated = name_field(holder['primary'], holder['secondary'], width)
    dob_s, exp_s = yymmdd(holder['dob']), yymmdd(exp)
    sex = holder['sex']
    if family == 'TD3':
        code = rng.choice(['P<'] * 8 + ['PD', 'PO'])
        if kind is None:
            kind = 'passport'
        docnum = make_docnum(rng, rng.choice([9, 9, 9, 8]))
        personal = make_optional(rng, 14)
        lines = build_td3(code, state, namef, docnum, nat, dob_s, sex, exp_s, personal, rng.choice('<0'))
    elif family == 'TD2':
        code = rng.choice(['I<', 'ID', 'IR'])
        if nat == 'XXA':
            code, kind = 'IR', 'residence_permit'
        kind = 'residence_permit' if code == 'IR' else ('id_card' if kind is None else kind)
        if code == 'IR' and nat == state:
            nat = rng.choice([c for c in sorted(ISO3) if c != state])
        docnum = make_docnum(rng, rng.choice([9, 9, 8]))
        lines = build_td2(code, state, namef, docnum, nat, dob_s, sex, exp_s, make_optional(rng, 7, False))
    else:
        code = rng.choice(['ID', 'I<', 'IR', 'ID'])
        if nat == 'XXA':
            code, kind = 'IR', 'residence_permit'
        kind = 'residence_permit' if code == 'IR' else ('id_card' if kind is None else kind)
        if code == 'IR' and nat == state:
            nat = rng.choice([c for c in sorted(ISO3) if c != state])
        if long_number:
            docnum = make_docnum(rng, rng.randint(10, 12))
            opt1 = make_optional(rng, 15 - (len(docnum) - 9) - 2)
        else:
            docnum = make_docnum(rng, rng.choice([9, 9, 8]))
            opt1 = make_optional(rng, 15)
        opt2 = make_optional(rng, 11) if rng.random() < 0.4 else ''
        lines = build_td1(code, state, docnum, opt1, dob_s, sex, exp_s, nat, opt2, namef)
    return {'holder': holder, 'exp': exp, 'issue': issue, 'state': state, 'nat': nat, 'kind': kind,
            'lines': lines, 'truncated': truncated, 'docnum': docnum, 'family': family}


def verify_built(d):
    """Assert that the independent parser reads back exactly what was built."""
    fmt, e, ok = expected_from_mrz(d['lines'])
    assert fmt == d['family'], (fmt, d['family'])
    assert all(ok.values()), (d['lines'], ok)
    assert e['documentNumber'] == d['docnum'], (e['documentNumber'], d['docnum'], d['lines'])
    assert e['dateOfBirth'] == d['holder']['dob'].isoformat()
    assert e['dateOfExpiry'] == d['exp'].isoformat()
    assert e['mrzNationality'] == d['nat'] and e['mrzIssuingState'] == d['state']
    if not d['truncated']:
        assert e['lastName'] == d['holder']['primary'].replace('<', ' ')
        assert e['firstName'] == d['holder']['secondary'].replace('<', ' ')
    return fmt, e, ok


def corrupt(rng, d):
    """Make printed check digits fail: change one check digit or one data character after computing."""
    fam = d['family']
    lines = list(d['lines'])
    mode = rng.choice(['digit', 'data'])
    for _ in range(200):
        L = [list(l) for l in lines]
        if mode == 'digit':
            if fam == 'TD1':
                opts = {'dateOfBirth': (1, 6), 'dateOfExpiry': (1, 14), 'composite': (1, 29)}
                if L[0][14] != '<':
                    opts['documentNumber'] = (0, 14)
            else:
                opts = {'documentNumber': (1, 9), 'dateOfBirth': (1, 19), 'dateOfExpiry': (1, 27),
                        'composite': (1, len(L[1]) - 1)}
                if fam == 'TD3' and lines[1][28:42] != '<' * 14:
                    opts['personalNumber'] = (1, 42)
            which = rng.choice(sorted(opts))
            li, pos = opts[which]
            old = L[li][pos]
            L[li][pos] = rng.choice([c for c in '0123456789' if c != old])
            note = 'printed %s check digit changed from %s to %s (data unchanged)' % (which, old, L[li][pos])
        else:
            if fam == 'TD1':
                targets = {'document number': [(0, p) for p in range(5, 14) if L[0][p] != '<'],
                           'birth date': [(1, p) for p in range(0, 6)], 'expiry date': [(1, p) for p in range(8, 14)],
                           'optional data 2': [(1, p) for p in range(18, 29) if L[1][p].isdigit()]}
            else:
                targets = {'document number': [(1, p) for p in range(0, 9) if L[1][p] != '<'],
                           'birth date': [(1, p) for p in range(13, 19)], 'expiry date': [(1, p) for p in range(21, 27)]}
                if fam == 'TD3':
                    targets['personal number'] = [(1, p) for p in range(28, 42) if L[1][p].isdigit()]
            targets = {k: v for k, v in targets.items() if v}
            which = rng.choice(sorted(targets))
            li, pos = rng.choice(targets[which])
            old = L[li][pos]
            pool = '0123456789' if old.isdigit() else 'ABCDEFGHJKLMNPRSTUVWXYZ'
            L[li][pos] = rng.choice([c for c in pool if c != old])
            note = 'one %s character changed from %s to %s after the check digits were computed' % (which, old, L[li][pos])
        new = [''.join(l) for l in L]
        try:
            fmt, e, ok = expected_from_mrz(new)
            date.fromisoformat(e['dateOfBirth'])
            date.fromisoformat(e['dateOfExpiry'])
        except (ValueError, AssertionError):
            continue
        if e['dateOfBirth'] >= d['issue'].isoformat() or e['dateOfBirth'] >= e['dateOfExpiry'] or e['dateOfBirth'] > '2025-12-31' or e['dateOfBirth'] < '1930-01-01':
            continue
        if e['dateOfExpiry'] < '2018-01-01' or e['dateOfExpiry'] > '2036-12-31':
            continue
        if not all(ok.values()):
            d['lines'] = new
            return note
    raise AssertionError('could not corrupt %r' % lines)


def make_visa(rng, kind):
    """An MRV-A or MRV-B visa document with valid check digits."""
    width = 39 if kind == 'MRVA' else 31
    holder = make_holder(rng, False, width)
    holder['pob'] = rng.choice(CITIES)
    valid_from = rand_date(rng, date(2018, 1, 1), date(2036, 6, 1))
    exp = valid_from + timedelta(days=rng.choice([30, 90, 180, 365]))
    state = rng.choice(['FRA', 'D', 'USA', 'GBR', 'JPN', 'CAN', 'AUS', 'ESP', 'ITA', 'NLD'])
    nat = rng.choice(holder['home'])
    if nat == state:
        nat = rng.choice(['IND', 'CHN', 'NGA', 'VNM', 'PHL', 'TUR', 'EGY', 'KEN'])
    code = rng.choice(['V<', 'V<', 'VC', 'VD'])
    namef, truncated = name_field(holder['primary'], holder['secondary'], width)
    docnum = make_docnum(rng, rng.choice([9, 8]))
    opt = make_optional(rng, 16 if kind == 'MRVA' else 8, False)
    lines = build_mrv(kind, code, state, namef, docnum, nat, yymmdd(holder['dob']), holder['sex'], yymmdd(exp), opt)
    return {'holder': holder, 'exp': exp, 'issue': valid_from, 'state': state, 'nat': nat, 'kind': 'visa',
            'lines': lines, 'truncated': truncated, 'docnum': docnum, 'family': kind, 'valid_from': valid_from}


def letter_body(rng, holder):
    """Body lines for a letter without MRZ, some of them capital code-like lines."""
    ref = ''.join(rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ0123456789') for _ in range(6))
    body = [('text', 'Dear %s %s,' % (viz_upper(holder['given']).title(), viz_upper(holder['surname']).title())),
            ('text', 'We confirm receipt of your application dated %s.' % fmt_date(rand_date(rng, date(2025, 1, 1), date(2026, 11, 1)), 0)),
            ('text', 'Please quote the reference below in all further correspondence.'),
            ('code', 'REF %s-%04d / CASE %d/%02d/%05d' % (ref, rng.randint(0, 9999), rng.randint(2020, 2026), rng.randint(1, 12), rng.randint(0, 99999))),
            ('code', 'ACCOUNT %04d %04d %04d  SORT %02d-%02d-%02d' % (rng.randint(0, 9999), rng.randint(0, 9999), rng.randint(0, 9999), rng.randint(10, 99), rng.randint(10, 99), rng.randint(10, 99))),
            ('text', 'Your appointment is confirmed for the date shown in your account.'),
            ('code', 'PAYMENT ID %s %s %s' % tuple(''.join(rng.choice('ABCDEFGHKLMNPRSTUVWXYZ0123456789') for _ in range(5)) for _ in range(3))),
            ('text', 'Bring this letter and a valid identity document.'),
            ('text', 'Yours sincerely,')]
    if rng.random() < 0.5:
        body.insert(5, ('code', 'IBAN DE%02d %04d %04d %04d %04d %02d' % tuple(rng.randint(0, 9999) % m for m in (100, 10000, 10000, 10000, 10000, 100))))
    return body


def make_spec(seed, idx, cat):
    """Everything about document idx: MRZ, labels and rendering choices (deterministic)."""
    rng = random.Random('indep-print:%d:%d' % (seed, idx))
    spec = {'idx': idx, 'cat': cat}
    notes = []
    amb, len_f = [], []
    if cat in ('td3', 'td1', 'td2', 'checks_fail', 'small'):
        if cat == 'checks_fail':
            family = rng.choice(['TD3', 'TD3', 'TD1', 'TD1', 'TD2'])
        elif cat == 'small':
            family = rng.choice(['TD3', 'TD1', 'TD2', 'TD3'])
        else:
            family = cat.upper()
        child = rng.random() < 0.15
        long_number = family == 'TD1' and rng.random() < 0.3
        d = make_mrz_document(rng, family, child, long_number)
        verify_built(d)
        outcome = 'read'
        if cat == 'checks_fail':
            notes.append('Check digits fail as printed: ' + corrupt(rng, d) + '.')
            outcome = 'checks_fail'
        fmt, e, ok = expected_from_mrz(d['lines'])
        if outcome == 'read':
            assert all(ok.values())
        else:
            assert not all(ok.values())
        if long_number:
            notes.append('TD1 long document number (%d characters): first 9 in the number field, the rest and its '
                         'check digit at the start of optional data 1.' % len(d['docnum']))
        if d['truncated']:
            notes.append('Name truncated at the end of the MRZ name field; visual zone shows the full name.')
        if child:
            notes.append('Child\'s document.')
        if e['mrzNationality'] in ('XXA', 'UNO', 'EUE') or e['mrzIssuingState'] in ('UNO', 'EUE'):
            notes.append('ICAO code without ISO country (%s/%s): expected country null.' % (e['mrzIssuingState'], e['mrzNationality']))
        if e['sex'] is None:
            notes.append('Sex not stated (<) in the MRZ.')
        spec['doctype'] = family
        spec['kind'] = d['kind']
        layout = family
        side = 'front'
        if family == 'TD1':
            side = 'back'
            if rng.random() < 0.35:
                layout, side = 'TD1-front+back', 'front+back'
    elif cat == 'visa':
        kind = rng.choice(['MRVA', 'MRVB'])
        d = make_visa(rng, kind)
        fmt, e, ok = expected_from_mrz(d['lines'])
        assert fmt == kind and all(ok.values())
        assert e['documentNumber'] == d['docnum']
        outcome = 'unsupported_document'
        notes.append('Machine-readable visa (%s): not an identity document; expected document-type rejection.' % kind)
        spec['doctype'], spec['kind'] = kind, 'visa'
        layout, side = kind, 'front'
    else:
        holder = make_holder(rng)
        holder['pob'] = rng.choice(CITIES)
        d = {'holder': holder, 'lines': None}
        fmt, e, ok = None, None, None
        outcome = 'no_mrz'
        layout = rng.choice(['DL', 'LETTER'])
        side = 'front'
        spec['doctype'] = 'none'
        spec['kind'] = 'driving_licence' if layout == 'DL' else 'other'
        notes.append('No MRZ: %s; expected no fields.' % ('driving-licence front' if layout == 'DL' else 'letter with plain capital code-like lines'))
    spec.update({'outcome': outcome, 'layout': layout, 'side': side, 'lines': d['lines'], 'expected': e,
                 'checks': ok, 'fmt': fmt, 'notes': notes, 'amb': amb, 'lenient': len_f})
    # visual zone content
    h = d['holder']
    if e is not None:
        state = e['mrzIssuingState']
        title = {'TD3': 'PASSPORT / PASSEPORT', 'TD2': 'IDENTITY CARD / CARTE D\'IDENTITÉ', 'TD1': 'IDENTITY CARD / CARTE D\'IDENTITÉ',
                 'MRVA': 'VISA', 'MRVB': 'VISA'}[spec['doctype']]
        if spec['kind'] == 'residence_permit':
            title = 'RESIDENCE PERMIT / TITRE DE SÉJOUR'
        if spec['kind'] == 'travel_document':
            title = 'LAISSEZ-PASSER / TRAVEL DOCUMENT'
        if spec['doctype'] in ('MRVA', 'MRVB'):
            rows = [('Valid from / Du', fmt_date(d['valid_from'], 0)), ('Until / Au', fmt_date(parse_iso(e['dateOfExpiry']), 0)),
                    ('Type of visa / Type de visa', rng.choice(['C', 'D', 'B1/B2', 'TOURIST'])),
                    ('Number of entries', rng.choice(['1', '2', 'MULT'])),
                    ('Passport number', e['documentNumber']),
                    ('Surname, name / Nom, prénom', '%s, %s' % (viz_upper(h['surname']), viz_upper(h['given'])))]
        else:
            rows = viz_rows(spec['doctype'], h, e, d['issue'], state, rng,
                            'Passport No.' if spec['doctype'] == 'TD3' else 'Document No.')
        back_rows = [('Place of birth / Lieu de naissance', h['pob']),
                     ('Date of issue / Date de délivrance', fmt_date(d['issue'], 1)),
                     ('Authority / Autorité', rng.choice(['MINISTRY OF INTERIOR', 'CITY OF ' + h['pob'], 'PREFECTURE', 'MUNICIPAL OFFICE'])),
                     ('Height / Taille', '%d cm' % rng.randint(150, 195))]
        spec['viz'] = {'header': COUNTRY_NAMES.get(state, state), 'title': title, 'rows': rows, 'back_rows': back_rows}
        spec['microtext'] = translit(COUNTRY_NAMES.get(state, state).split()[-1]) or 'SPECIMEN'
    else:
        if layout == 'DL':
            dob = h['dob']
            iss = rand_date(rng, date(2016, 1, 1), date(2026, 6, 1))
            rows = [('1.', viz_upper(h['surname'])), ('2.', viz_upper(h['given'])),
                    ('3.', '%s  %s' % (fmt_date(dob, 1), h['pob'])),
                    ('4a. / 4b.', '%s   %s' % (fmt_date(iss, 1), fmt_date(add_years(iss, 15), 1))),
                    ('5.', make_docnum(rng, 11)), ('9.', rng.choice(['AM/A1/B', 'B/BE', 'A/B/C1']))]
            codes = []
            if rng.random() < 0.6:
                codes = ['DLN %s %s %s' % (make_docnum(rng, 5), make_docnum(rng, 4), ''.join(rng.choice('0123456789') for _ in range(6)))]
            spec['viz'] = {'header': rng.choice(['DRIVING LICENCE', 'FÜHRERSCHEIN', 'PERMIS DE CONDUIRE', 'PRAWO JAZDY']),
                           'title': COUNTRY_NAMES[rng.choice(ISSUERS)], 'rows': rows, 'codes': codes}
        else:
            spec['viz'] = {'header': rng.choice(['MUNICIPAL REGISTRY OFFICE', 'NATIONAL BENEFITS AGENCY', 'UNIVERSITY ADMISSIONS']),
                           'body': letter_body(rng, h)}
        spec['microtext'] = 'VALID ORIGINAL'
    # print and capture choices
    spec['ink'] = rng.choice(['black', 'black', 'engraved', 'bleed']) if spec['doctype'] in ('TD1', 'TD2') else \
        rng.choice(['black', 'black', 'bleed', 'engraved'])
    spec['holo'] = rng.random() < 0.65
    spec['holo_over_mrz'] = rng.random() < 0.5
    if cat == 'small':
        spec['capture'] = rng.choice(['scan', 'scan', 'photo'])
        spec['char_px'] = rng.uniform(7.0, 9.0)
    else:
        spec['capture'] = rng.choice(['scan', 'scan', 'photocopy', 'photo', 'photo', 'photo'])
        spec['char_px'] = rng.uniform(12, 30)
    spec['cap_mm'] = rng.uniform(2.0, 2.4)
    spec['rng_state'] = rng.getrandbits(64)
    return spec


def render_spec(args):
    """Render the image for one spec; returns (spec, file bytes, ext, size, notes)."""
    spec, outdir = args
    rng = random.Random(spec['rng_state'])
    nrng = np.random.default_rng(spec['rng_state'])
    fp = spec['char_px'] / spec['cap_mm']  # final px per mm of the document
    if spec['capture'] in ('scan', 'photocopy') and spec['cat'] != 'small':
        dpi = rng.uniform(150, 300)
        fp = max(fp, dpi / 25.4) if spec['layout'] != 'LETTER' else dpi / 25.4
        fp = dpi / 25.4 if fp > 300 / 25.4 else fp
    if spec['layout'] == 'LETTER':
        fp = min(fp, 2600 / 148)
    obj_ppm = min(22.0, max(9.0, fp * 1.5))
    if spec['layout'] == 'LETTER':
        obj_ppm = min(obj_ppm, 12.0)
    obj, notes = render_document(spec, obj_ppm, rng, nrng)
    small = spec['cat'] == 'small'
    if spec['capture'] == 'photo':
        data, ext, size, cn, fp = capture_photo(obj, rng, nrng, fp, obj_ppm, small)
        capture = 'photo'
    else:
        data, ext, size, cn = capture_scan(obj, rng, nrng, fp, obj_ppm, spec['capture'] == 'photocopy', small)
        capture = 'scan'
    spec['final_char_px'] = spec['cap_mm'] * fp
    return spec, data, ext, size, capture, cn + notes


def build_label(spec, fname, data, size, capture, img_notes, seed):
    """The labels.json entry for one document."""
    idx = spec['idx']
    doc_id = 'indep-print-s%d-%03d-%s' % (seed, idx, spec['doctype'].lower())
    image = {'file': fname, 'side': spec['side'], 'capture': capture, 'width': size[0], 'height': size[1],
             'bytes': len(data), 'sha256': hashlib.sha256(data).hexdigest(), 'notes': '; '.join(img_notes)}
    entry = {'id': doc_id, 'group': 'indep-print-s%d-%03d' % (seed, idx), 'documentType': spec['doctype'],
             'documentKind': spec['kind'], 'expectedOutcome': spec['outcome'], 'images': [image]}
    if spec['lines']:
        entry['mrz'] = {'format': spec['fmt'], 'lines': spec['lines'],
                        'transcription': 'synthetic: printed from exactly these lines; verified by the generator\'s own parser',
                        'checkDigitsValid': spec['checks'], 'allCheckDigitsValid': all(spec['checks'].values())}
    entry['expected'] = spec['expected']
    entry['ambiguousFields'] = spec['amb']
    entry['lenientFields'] = spec['lenient']
    notes = list(spec['notes'])
    if spec['cat'] == 'small':
        notes.append('Very small but legible: MRZ characters about %.1f px tall.' % spec['final_char_px'])
    entry['notes'] = ' '.join(notes) if notes else 'Synthetic %s.' % spec['doctype']
    return entry


def main():
    """Command line entry: build specs, render (2 processes), verify and write labels.json."""
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=150)
    ap.add_argument('--jobs', type=int, default=min(4, os.cpu_count() or 1))
    a = ap.parse_args()
    t0 = time.time()
    os.makedirs(a.out, exist_ok=True)
    alloc = allocate(a.count)
    cats = [k for k, _ in MIX for _ in range(alloc[k])]
    random.Random('indep-print-order:%d:%d' % (a.seed, a.count)).shuffle(cats)
    specs = [make_spec(a.seed, i, c) for i, c in enumerate(cats)]
    jobs = [(s, a.out) for s in specs]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            results = pool.map(render_spec, jobs, chunksize=1)
    else:
        results = [render_spec(j) for j in jobs]
    docs = []
    for spec, data, ext, size, capture, notes in results:
        fname = 'indep-print-s%d-%03d.%s' % (a.seed, spec['idx'], ext)
        with open(os.path.join(a.out, fname), 'wb') as fh:
            fh.write(data)
        entry = build_label(spec, fname, data, size, capture, notes, a.seed)
        if entry.get('mrz'):  # final independent re-check of what goes into the labels
            fmt, e, ok = expected_from_mrz(entry['mrz']['lines'])
            assert e == entry['expected'] and ok == entry['mrz']['checkDigitsValid']
            assert (entry['expectedOutcome'] == 'checks_fail') == (not all(ok.values()))
        docs.append(entry)
    labels = {'schema': 'kyc-document-labels/1', 'set': os.path.basename(os.path.normpath(a.out)),
              'split': 'synthetic', 'referenceDate': REF_DATE.isoformat(),
              'source': {'generator': 'scripts/gen-documents-indep-print.py', 'seed': a.seed, 'count': a.count,
                         'licence': 'synthetic images made by the generator (no third-party content)',
                         'fonts': 'OCR-B (MRZ), DejaVu Sans / Liberation Sans (visual zone)'},
              'conventions': 'Expected fields derived from the printed MRZ by the rules of the shared documents README. '
                             'Each image is one evaluation case against its document\'s "expected" object.',
              'documents': docs}
    with open(os.path.join(a.out, 'labels.json'), 'w', encoding='utf-8') as fh:
        json.dump(labels, fh, ensure_ascii=False, indent=2)
        fh.write('\n')
    print('wrote %d documents to %s in %.1f s' % (len(docs), a.out, time.time() - t0), file=sys.stderr)


if __name__ == '__main__':
    main()
