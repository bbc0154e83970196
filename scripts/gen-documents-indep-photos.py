#!/usr/bin/python3
"""Independent synthetic test-data generator for an MRZ (ICAO Doc 9303) reading service.

Writes <out>/labels.json (schema kyc-document-labels/1) and one JPEG "phone photo" per document.
Deterministic per --seed.  Written from ICAO 9303 knowledge only.

Usage: `npm run gen:documents:indep-photos -- --out DIR [--seed N] [--count 150] [--only KIND]`, scored with
`npm run eval:document -- --no-write --data DIR`.

Provenance: written on 2026-11-28 (thirty-seventh session) by a helper that was shown only the label format
(../shared/data/documents/README.md and the labels.json files, not their images) and ICAO Doc 9303, and was told
not to read the service's code nor the other independent generator (scripts/gen-documents-indep.py). Mix: TD3
passports, TD1 and TD2 cards, documents whose MRZ was printed with one data character or check digit changed
after the check digits were computed (`checks_fail`), MRV-A/MRV-B visas and pages without an MRZ, photographed
as a phone would (curvature, perspective, rotation, uneven light, glare, defocus, motion blur, noise, JPEG).
Kept as written apart from this paragraph and `--only` (added by the session: every document of one kind, e.g.
`--only FAIL`, the way docs/document-verification-log.md "Failing check digits printed in the data" made its set).
Needs Debian's python3-pil, python3-numpy, fonts-ocr-b, fonts-dejavu-core and fonts-liberation2.
"""
import argparse
import datetime as dt
import hashlib
import io
import json
import math
import os
import unicodedata

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

REF_DATE = dt.date(2026, 11, 21)
SET_NAME = "indep2"

F_OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
F_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
F_SANS_B = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
F_SANS_C = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"
F_SANS_CB = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"
F_SERIF_B = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
F_LIB = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
F_LIB_B = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"
F_NARROW = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf"
F_NARROW_B = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf"
F_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

_FONT_CACHE = {}


def font(path, px):
    px = max(6, int(round(px)))
    key = (path, px)
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = ImageFont.truetype(path, px)
    return _FONT_CACHE[key]


# ---------------------------------------------------------------------------------------------
# ICAO 9303 check digits and MRZ construction
# ---------------------------------------------------------------------------------------------

def char_value(c):
    if c.isdigit():
        return ord(c) - 48
    if "A" <= c <= "Z":
        return ord(c) - 55
    if c == "<":
        return 0
    raise ValueError("not an MRZ character: %r" % c)


def check_digit(s):
    w = (7, 3, 1)
    return str(sum(char_value(c) * w[i % 3] for i, c in enumerate(s)) % 10)


# Layout per format: field -> (line, start, end, check-digit line, check-digit column)
LAYOUT = {
    "TD3": {"documentNumber": (1, 0, 9, 1, 9), "dateOfBirth": (1, 13, 19, 1, 19),
            "dateOfExpiry": (1, 21, 27, 1, 27), "personalNumber": (1, 28, 42, 1, 42),
            "composite": ([(1, 0, 10), (1, 13, 20), (1, 21, 43)], 1, 43)},
    "TD2": {"documentNumber": (1, 0, 9, 1, 9), "dateOfBirth": (1, 13, 19, 1, 19),
            "dateOfExpiry": (1, 21, 27, 1, 27),
            "composite": ([(1, 0, 10), (1, 13, 20), (1, 21, 35)], 1, 35)},
    "TD1": {"documentNumber": (0, 5, 14, 0, 14), "dateOfBirth": (1, 0, 6, 1, 6),
            "dateOfExpiry": (1, 8, 14, 1, 14),
            "composite": ([(0, 5, 30), (1, 0, 7), (1, 8, 15), (1, 18, 29)], 1, 29)},
    "MRVA": {"documentNumber": (1, 0, 9, 1, 9), "dateOfBirth": (1, 13, 19, 1, 19),
             "dateOfExpiry": (1, 21, 27, 1, 27)},
    "MRVB": {"documentNumber": (1, 0, 9, 1, 9), "dateOfBirth": (1, 13, 19, 1, 19),
             "dateOfExpiry": (1, 21, 27, 1, 27)},
}
LINE_LEN = {"TD3": 44, "TD2": 36, "TD1": 30, "MRVA": 44, "MRVB": 36}
NAME_LEN = {"TD3": 39, "TD2": 31, "TD1": 30, "MRVA": 39, "MRVB": 31}


def check_results(fmt, lines):
    """checkDigitsValid dict, computed from printed lines."""
    out = {}
    for field, spec in LAYOUT[fmt].items():
        if field == "composite":
            ranges, cl, cc = spec
            data = "".join(lines[l][a:b] for l, a, b in ranges)
            out[field] = check_digit(data) == lines[cl][cc]
        else:
            l, a, b, cl, cc = spec
            data = lines[l][a:b]
            printed = lines[cl][cc]
            if field == "personalNumber" and set(data) == {"<"}:
                out[field] = printed in ("<", "0")
            else:
                out[field] = check_digit(data) == printed
    return out


def pad(s, n):
    s = s[:n]
    return s + "<" * (n - len(s))


def build_mrz(fmt, f):
    """f: dict with code, state, name (full name field), docnum, nat, dob, sex, exp,
    personal (TD3), opt1 (TD1/TD2), opt2 (TD1), visa_opt (visas), pn_cd_filler (TD3)."""
    code = pad(f["code"], 2)
    state = pad(f["state"], 3)
    nat = pad(f["nat"], 3)
    dn = pad(f["docnum"], 9)
    name = pad(f["name"], NAME_LEN[fmt])
    if fmt == "TD3":
        l1 = code + state + name
        pn = pad(f.get("personal") or "", 14)
        if set(pn) == {"<"}:
            pcd = "<" if f.get("pn_cd_filler") else "0"
        else:
            pcd = check_digit(pn)
        l2 = dn + check_digit(dn) + nat + f["dob"] + check_digit(f["dob"]) + f["sex"] + \
            f["exp"] + check_digit(f["exp"]) + pn + pcd
        l2 += check_digit(l2[0:10] + l2[13:20] + l2[21:43])
        lines = [l1, l2]
    elif fmt == "TD2":
        l1 = code + state + name
        l2 = dn + check_digit(dn) + nat + f["dob"] + check_digit(f["dob"]) + f["sex"] + \
            f["exp"] + check_digit(f["exp"]) + pad(f.get("opt1") or "", 7)
        l2 += check_digit(l2[0:10] + l2[13:20] + l2[21:35])
        lines = [l1, l2]
    elif fmt == "TD1":
        l1 = code + state + dn + check_digit(dn) + pad(f.get("opt1") or "", 15)
        l2 = f["dob"] + check_digit(f["dob"]) + f["sex"] + f["exp"] + check_digit(f["exp"]) + nat + \
            pad(f.get("opt2") or "", 11)
        l2 += check_digit(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29])
        lines = [l1, l2, name]
    elif fmt in ("MRVA", "MRVB"):
        l1 = code + state + name
        optlen = 16 if fmt == "MRVA" else 8
        l2 = dn + check_digit(dn) + nat + f["dob"] + check_digit(f["dob"]) + f["sex"] + \
            f["exp"] + check_digit(f["exp"]) + pad(f.get("visa_opt") or "", optlen)
        lines = [l1, l2]
    else:
        raise ValueError(fmt)
    for ln in lines:
        assert len(ln) == LINE_LEN[fmt], (fmt, ln)
        assert all(c.isdigit() or "A" <= c <= "Z" or c == "<" for c in ln), ln
    return lines


# ---------------------------------------------------------------------------------------------
# Countries, names, transliteration
# ---------------------------------------------------------------------------------------------

COUNTRY = {
    "DEU": "GERMANY", "AUT": "AUSTRIA", "CHE": "SWITZERLAND", "FRA": "FRANCE", "BEL": "BELGIUM",
    "LUX": "LUXEMBOURG", "ESP": "SPAIN", "MEX": "MEXICO", "COL": "COLOMBIA", "ARG": "ARGENTINA",
    "PER": "PERU", "CHL": "CHILE", "PRT": "PORTUGAL", "BRA": "BRAZIL", "ITA": "ITALY",
    "POL": "POLAND", "CZE": "CZECHIA", "SVK": "SLOVAKIA", "SWE": "SWEDEN", "NOR": "NORWAY",
    "DNK": "DENMARK", "FIN": "FINLAND", "ISL": "ICELAND", "TUR": "TÜRKIYE", "EGY": "EGYPT",
    "MAR": "MOROCCO", "JOR": "JORDAN", "TUN": "TUNISIA", "SAU": "SAUDI ARABIA",
    "ARE": "UNITED ARAB EMIRATES", "LBN": "LEBANON", "DZA": "ALGERIA", "CHN": "CHINA",
    "TWN": "TAIWAN", "SGP": "SINGAPORE", "JPN": "JAPAN", "KOR": "REPUBLIC OF KOREA",
    "VNM": "VIET NAM", "IND": "INDIA", "PAK": "PAKISTAN", "BGD": "BANGLADESH", "LKA": "SRI LANKA",
    "NGA": "NIGERIA", "GHA": "GHANA", "KEN": "KENYA", "ETH": "ETHIOPIA", "TZA": "TANZANIA",
    "UGA": "UGANDA", "RUS": "RUSSIAN FEDERATION", "UKR": "UKRAINE", "BLR": "BELARUS",
    "KAZ": "KAZAKHSTAN", "GRC": "GREECE", "CYP": "CYPRUS", "GBR": "UNITED KINGDOM",
    "IRL": "IRELAND", "USA": "UNITED STATES OF AMERICA", "CAN": "CANADA", "AUS": "AUSTRALIA",
    "NZL": "NEW ZEALAND", "NLD": "NETHERLANDS", "PHL": "PHILIPPINES", "HUN": "HUNGARY",
    "ROU": "ROMANIA", "MDA": "MOLDOVA", "HRV": "CROATIA", "SRB": "SERBIA", "SVN": "SLOVENIA",
    "BIH": "BOSNIA AND HERZEGOVINA", "IDN": "INDONESIA", "EST": "ESTONIA", "LTU": "LITHUANIA",
    "LVA": "LATVIA", "BGR": "BULGARIA",
}
# ICAO MRZ code differing from ISO alpha-3 (Germany prints "D")
MRZ_CODE = {"DEU": "D"}
ISO_FROM_MRZ = {"D": "DEU"}


def mrz_code(iso):
    return MRZ_CODE.get(iso, iso)


ORIGINS = {
    "de": dict(c=["DEU", "AUT", "CHE"], tr="de", sep="-",
               m=["Jürgen", "Lukas", "Maximilian", "Jörg", "Stefan", "Tobias", "Klaus", "Björn", "Felix", "Uwe"],
               f=["Käthe", "Sophie", "Lea", "Hannah", "Brigitte", "Sabine", "Jördis", "Ursula", "Greta", "Jana"],
               s=["Müller", "Schröder", "Weiß", "Becker", "Schmidt", "Groß", "Köhler", "Hoffmann", "Meyer-Landrut",
                  "Bäcker", "Vogelsang", "Schäfer", "von Bülow", "Kühn", "Zimmermann", "Hüttenbrenner"],
               cities=["MÜNCHEN", "BERLIN", "GRAZ", "ZÜRICH", "KÖLN", "LEIPZIG", "DÜSSELDORF"]),
    "fr": dict(c=["FRA", "BEL", "LUX"], tr="strip", sep="-",
               m=["Jean", "Pierre", "François", "Benoît", "Jérôme", "Théo", "Loïc", "Mathis"],
               f=["Marie", "Hélène", "Élodie", "Chloé", "Anaïs", "Céline", "Maëlle", "Noémie"],
               s=["Dubois", "Lefèvre", "Girard", "Moreau", "Faure", "Le Gall", "Saint-Éloi", "de la Fontaine",
                  "Bézier", "Nguyen-Mercier", "Rousseau", "D'Alembert"],
               cities=["LYON", "NANTES", "LIÈGE", "BORDEAUX", "STRASBOURG", "LILLE"]),
    "es": dict(c=["ESP", "MEX", "COL", "ARG", "PER", "CHL"], tr="strip", sep=" ", compound=0.55,
               m=["José", "Álvaro", "Íñigo", "Sergio", "Javier", "Juan Pablo", "Andrés", "Rubén"],
               f=["María", "Lucía", "Carmen", "Begoña", "Inés", "María José", "Ximena", "Valentina"],
               s=["García", "López", "Fernández", "Núñez", "Martínez", "Ruiz", "de la Cruz", "Hernández",
                  "Gómez", "Peña", "Muñoz", "Ibáñez", "Castañeda", "Ortiz"],
               cities=["SEVILLA", "BOGOTÁ", "GUADALAJARA", "CÓRDOBA", "LIMA", "VALPARAÍSO", "BILBAO"]),
    "pt": dict(c=["PRT", "BRA"], tr="strip", sep=" ", compound=0.5,
               m=["João", "Gonçalo", "Tiago", "Sebastião", "Rodrigo"],
               f=["Conceição", "Inês", "Beatriz", "Leonor", "Luíza"],
               s=["Gonçalves", "Araújo", "Pereira da Silva", "Magalhães", "Simões", "Conceição", "dos Santos",
                  "Fonseca", "Brandão"],
               cities=["PORTO", "SÃO PAULO", "COIMBRA", "BELO HORIZONTE", "FUNCHAL"]),
    "it": dict(c=["ITA"], tr="strip", sep=" ",
               m=["Giuseppe", "Luca", "Niccolò", "Matteo", "Gianluca"],
               f=["Giulia", "Chiara", "Francesca", "Ilaria"],
               s=["Rossi", "Esposito", "De Luca", "Dell'Acqua", "Ferrari", "Lo Bianco", "Santoro"],
               cities=["NAPOLI", "TORINO", "BARI", "FORLÌ"]),
    "pl": dict(c=["POL"], tr="strip", sep="-",
               m=["Łukasz", "Paweł", "Wojciech", "Grzegorz", "Michał"],
               f=["Małgorzata", "Agnieszka", "Zofia", "Wiktoria", "Żaneta"],
               s=["Wiśniewski", "Kowalczyk", "Wójcik", "Dąbrowska", "Nowak-Jeziorańska", "Szczęsny", "Zieliński"],
               cities=["KRAKÓW", "GDAŃSK", "ŁÓDŹ", "WROCŁAW"]),
    "cz": dict(c=["CZE", "SVK"], tr="strip", sep="-",
               m=["Jiří", "Tomáš", "Ľubomír", "Ondřej"],
               f=["Lucie", "Kateřina", "Zuzana", "Ľudmila"],
               s=["Dvořák", "Novotná", "Černý", "Horváthová", "Procházka", "Kučera"],
               cities=["BRNO", "OSTRAVA", "KOŠICE", "PLZEŇ"]),
    "nord": dict(c=["SWE", "NOR", "DNK", "FIN", "ISL"], tr="de", sep="-",
                 m=["Björn", "Søren", "Jørgen", "Sigurður", "Mikko", "Åke", "Lars"],
                 f=["Åsa", "Þórunn", "Sigrid", "Aino", "Ingrid", "Märta"],
                 s=["Öberg", "Sørensen", "Lindqvist", "Järvinen", "Guðmundsdóttir", "Halvorsen", "Ekström",
                    "Mäkelä"],
                 cities=["GÖTEBORG", "BERGEN", "AARHUS", "TAMPERE", "AKUREYRI"]),
    "tr": dict(c=["TUR"], tr="strip", sep=" ",
               m=["Mehmet", "Emre", "Çağrı", "İsmail", "Oğuz"],
               f=["Ayşe", "Gül", "Şeyma", "Zeynep", "Dilek"],
               s=["Yılmaz", "Öztürk", "Çelik", "Şahin", "Kılıç", "Doğan"],
               cities=["İSTANBUL", "İZMİR", "ANKARA", "ESKİŞEHİR"]),
    "ar": dict(c=["EGY", "MAR", "JOR", "TUN", "SAU", "ARE", "LBN", "DZA"], tr="strip", sep=" ",
               m=["Mohamed", "Ahmed", "Youssef", "Omar", "Abdelkader", "Karim"],
               f=["Fatima", "Aisha", "Mariam", "Nour", "Salma", "Khadija"],
               s=["El Sayed", "Abdel Rahman", "Al Farsi", "Benali", "Haddad", "Bou Khalil", "El Amrani",
                  "Ben Youssef"],
               cities=["CAIRO", "CASABLANCA", "AMMAN", "SFAX", "BEIRUT", "ORAN"]),
    "zh": dict(c=["CHN", "TWN", "SGP"], tr="strip", sep=" ",
               m=["Wei", "Jun", "Hao", "Xiaoming", "Zihan", "Chia Hao"],
               f=["Na", "Xiuying", "Mei Hua", "Yuxin", "Jing"],
               s=["Wang", "Li", "Zhang", "Chen", "Liu", "Ouyang", "Huang"],
               cities=["GUANGDONG", "TAIPEI", "SHANGHAI", "SINGAPORE"]),
    "ja": dict(c=["JPN"], tr="strip", sep=" ",
               m=["Hiroshi", "Takumi", "Kenji", "Shōta"],
               f=["Yuki", "Sakura", "Aiko", "Yōko"],
               s=["Tanaka", "Suzuki", "Watanabe", "Itō", "Saitō"],
               cities=["TOKYO", "OSAKA", "HOKKAIDO"]),
    "ko": dict(c=["KOR"], tr="strip", sep=" ",
               m=["Minjun", "Jihoon", "Seo Jun"], f=["Jiwoo", "Seoyeon", "Ha Eun"],
               s=["Kim", "Lee", "Park", "Choi", "Jung"], cities=["SEOUL", "BUSAN"]),
    "vi": dict(c=["VNM"], tr="strip", sep=" ",
               m=["Văn An", "Đức Minh", "Quang Huy"], f=["Thị Mai", "Ngọc Anh", "Thu Hà"],
               s=["Nguyễn", "Trần", "Lê", "Phạm", "Đặng"], cities=["HÀ NỘI", "HUẾ", "ĐÀ NẴNG"]),
    "in": dict(c=["IND", "PAK", "BGD", "LKA"], tr="strip", sep=" ",
               m=["Rajesh", "Arjun", "Muhammad", "Venkata Subramanian", "Imran"],
               f=["Priya", "Ananya", "Ayesha", "Lakshmi", "Farzana"],
               s=["Sharma", "Patel", "Reddy", "Venkataraman", "Khan", "Qureshi", "Chowdhury",
                  "Wickramasinghe", "Bandaranaike"],
               cities=["CHENNAI", "LAHORE", "DHAKA", "KANDY", "PUNE"]),
    "ng": dict(c=["NGA", "GHA"], tr="strip", sep="-",
               m=["Chukwuemeka", "Oluwaseun", "Kwame", "Babatunde"],
               f=["Ngozi", "Adaeze", "Abena", "Folasade"],
               s=["Okonkwo", "Adeyemi", "Oyelaran-Adebayo", "Mensah", "Nwachukwu", "Boateng"],
               cities=["LAGOS", "ENUGU", "ACCRA", "KUMASI"]),
    "ea": dict(c=["KEN", "ETH", "TZA", "UGA"], tr="strip", sep=" ",
               m=["Kamau", "Otieno", "Abebe", "Baraka"], f=["Wanjiru", "Achieng", "Tigist", "Neema"],
               s=["Mwangi", "Odhiambo", "Bekele", "Haile Mariam", "Nakato"],
               cities=["NAIROBI", "ADDIS ABABA", "MOMBASA", "KAMPALA"]),
    "ru": dict(c=["RUS", "UKR", "BLR", "KAZ"], tr="strip", sep="-",
               m=["Aleksandr", "Dmitrii", "Oleksandr", "Nurlan"], f=["Olga", "Yuliia", "Anastasiia", "Aigerim"],
               s=["Ivanov", "Kuznetsova", "Shevchenko", "Bondarenko", "Rimskii-Korsakov", "Nurpeisov"],
               cities=["KAZAN", "KYIV", "MINSK", "ALMATY", "ODESA"]),
    "gr": dict(c=["GRC", "CYP"], tr="strip", sep="-",
               m=["Georgios", "Dimitrios", "Konstantinos"], f=["Eleni", "Konstantina", "Despoina"],
               s=["Papadopoulos", "Karagiannis", "Oikonomou", "Christodoulou"],
               cities=["THESSALONIKI", "PATRA", "LIMASSOL"]),
    "en": dict(c=["GBR", "IRL", "USA", "CAN", "AUS", "NZL"], tr="strip", sep="-",
               m=["Michael", "Christopher", "Liam", "Seán", "Oliver", "Jack"],
               f=["Jennifer", "Ashley", "Siobhán", "Aoife", "Charlotte", "Emily"],
               s=["Johnson", "Williams", "O'Brien", "MacCarthy", "Smith-Jones", "St. Claire", "Ó Súilleabháin",
                  "Fitzgerald", "Rodriguez", "Thompson"],
               cities=["LEEDS", "CORK", "CHICAGO", "TORONTO", "PERTH", "AUCKLAND"]),
    "nl": dict(c=["NLD", "BEL"], tr="strip", sep="-",
               m=["Daan", "Sem", "Pieter", "Joris"], f=["Sanne", "Joëlle", "Fenna", "Maartje"],
               s=["van der Berg", "de Vries", "Van den Broeck", "Jansen", "van 't Hof", "Bakker"],
               cities=["ROTTERDAM", "GENT", "UTRECHT", "ANTWERPEN"]),
    "ph": dict(c=["PHL"], tr="strip", sep=" ",
               m=["Jose Rizal", "Mark Anthony", "Rodel"], f=["Maria Cristina", "Jocelyn", "Ma Teresa"],
               s=["dela Cruz", "Santos", "Reyes", "Bautista"], cities=["MANILA", "CEBU CITY", "DAVAO"]),
    "hu": dict(c=["HUN"], tr="strip", sep="-",
               m=["László", "Gergő", "Zoltán"], f=["Zsófia", "Réka", "Erzsébet"],
               s=["Szabó", "Kovács", "Nagy", "Tóth", "Szőke"], cities=["DEBRECEN", "SZEGED", "GYŐR"]),
    "ro": dict(c=["ROU", "MDA"], tr="strip", sep="-",
               m=["Ștefan", "Andrei", "Mihai"], f=["Ioana", "Ștefania", "Andreea"],
               s=["Popescu", "Munteanu", "Țurcanu", "Rădulescu"], cities=["CLUJ-NAPOCA", "IAȘI", "CHIȘINĂU"]),
    "hr": dict(c=["HRV", "SRB", "SVN", "BIH"], tr="strip", sep="-",
               m=["Ivan", "Luka", "Nikola"], f=["Ana", "Jelena", "Mateja"],
               s=["Horvat", "Kovačević", "Đorđević", "Babić", "Jovanović", "Krajnc"],
               cities=["ZAGREB", "NOVI SAD", "MARIBOR", "SARAJEVO"]),
    "id": dict(c=["IDN"], tr="strip", sep=" ", mononym=0.35,
               m=["Budi", "Agus Santoso", "Suparman"], f=["Siti Nurhaliza", "Wulandari", "Dewi"],
               s=["Wijaya", "Halim", "Susanto", "Gunawan"], cities=["BANDUNG", "SURABAYA", "MEDAN"]),
    "baltic": dict(c=["EST", "LTU", "LVA"], tr="strip", sep="-",
                   m=["Jānis", "Mindaugas", "Tõnu"], f=["Līga", "Rūta", "Kadri"],
                   s=["Bērziņš", "Kazlauskienė", "Tamm", "Ozoliņa", "Petrauskas"],
                   cities=["RĪGA", "KAUNAS", "TARTU"]),
    "bg": dict(c=["BGR"], tr="strip", sep="-",
               m=["Georgi", "Dimitar"], f=["Desislava", "Radka"], s=["Petrov", "Ivanova", "Dimitrov"],
               cities=["PLOVDIV", "VARNA"]),
}
ORIGIN_OF = {}
for _k, _o in ORIGINS.items():
    for _c in _o["c"]:
        ORIGIN_OF[_c] = _k

DE_MAP = {"Ä": "AE", "Ö": "OE", "Ü": "UE", "Å": "AA", "Æ": "AE", "Ø": "OE"}
ALWAYS_MAP = {"Œ": "OE", "Þ": "TH", "Ð": "D", "Đ": "D", "Ł": "L", "Ħ": "H", "ẞ": "SS", "Æ": "AE",
              "Ø": "OE"}


def translit(s, style):
    """ICAO-style transliteration of a VIZ name component to MRZ characters."""
    s = s.upper().replace("ı", "I")
    out = []
    for ch in s:
        if style == "de" and ch in DE_MAP:
            out.append(DE_MAP[ch])
        elif ch in ALWAYS_MAP:
            out.append(ALWAYS_MAP[ch])
        else:
            out.append(ch)
    s = unicodedata.normalize("NFKD", "".join(out))
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = s.replace("'", "").replace("’", "").replace(".", "").replace(",", "")
    s = s.replace("-", " ")
    s = "<".join(p for p in s.split() if p)
    assert all("A" <= c <= "Z" or c == "<" for c in s), s
    return s


def name_field(primary, secondary, style, n):
    p = translit(primary, style)
    if secondary:
        return pad(p + "<<" + translit(secondary, style), n)
    return pad(p, n)


def parse_name(field):
    f = field.rstrip("<")
    if "<<" in f:
        a, b = f.split("<<", 1)
    else:
        a, b = f, ""
    last = a.replace("<", " ").strip()
    first = b.replace("<", " ").strip() or None
    full = (first + " " + last) if first else last
    return last, first, full


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def rand_date(rng, a, b):
    return a + dt.timedelta(days=int(rng.integers(0, (b - a).days + 1)))


def yymmdd(d):
    return d.strftime("%y%m%d")


def make_identity(rng, origin_key, sex):
    o = ORIGINS[origin_key]
    pool = o["m"] if sex == "M" else o["f"] if sex == "F" else (o["m"] + o["f"])
    given = pick(rng, pool)
    if rng.random() < 0.33:
        g2 = pick(rng, pool)
        if g2 != given:
            given = given + " " + g2
    surname = pick(rng, o["s"])
    if rng.random() < o.get("compound", 0.12):
        s2 = pick(rng, o["s"])
        if s2 != surname:
            surname = surname + o["sep"] + s2
    if rng.random() < o.get("mononym", 0.0):
        # single-name holder: whole name is the primary identifier, no secondary identifier
        surname, given = given.split()[0], ""
    return dict(surname=surname, given=given, style=o["tr"], origin=origin_key)


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def rand_str(rng, alphabet, n):
    return "".join(alphabet[int(rng.integers(len(alphabet)))] for _ in range(n))


def make_docnum(rng):
    style = int(rng.integers(7))
    if style == 0:
        return rand_str(rng, LETTERS, 2) + rand_str(rng, DIGITS, 7)
    if style == 1:
        return rand_str(rng, DIGITS, 9)
    if style == 2:
        return rand_str(rng, LETTERS, 1) + rand_str(rng, DIGITS, 8)
    if style == 3:
        return rand_str(rng, "123456789", 1) + rand_str(rng, DIGITS, 7)  # 8 chars, filler follows
    if style == 4:
        return rand_str(rng, LETTERS, 1) + rand_str(rng, LETTERS + DIGITS, 8)
    if style == 5:
        return rand_str(rng, LETTERS, 3) + rand_str(rng, DIGITS, 6)
    return rand_str(rng, "CFGHJKLMNPRTVWXYZ", 1) + rand_str(rng, "CFGHJKLMNPRTVWXYZ0123456789", 8)


def make_personal(rng, maxlen):
    r = rng.random()
    if r < 0.45:
        return None
    if maxlen < 10:  # TD2 optional data (7 characters)
        if r < 0.85:
            return rand_str(rng, DIGITS, int(rng.integers(4, maxlen + 1)))
        return rand_str(rng, LETTERS, 1) + rand_str(rng, DIGITS, int(rng.integers(3, maxlen)))
    if r < 0.75:
        return rand_str(rng, DIGITS, int(rng.integers(8, min(maxlen, 13) + 1)))
    if r < 0.88:
        return rand_str(rng, DIGITS, 6) + "<" + rand_str(rng, DIGITS, int(rng.integers(3, min(6, maxlen - 7) + 1)))
    return rand_str(rng, LETTERS, 2) + rand_str(rng, DIGITS, int(rng.integers(6, min(maxlen - 2, 10) + 1)))


# ---------------------------------------------------------------------------------------------
# Document specification
# ---------------------------------------------------------------------------------------------

ID_CARD_STATES = ["DEU", "AUT", "CHE", "FRA", "BEL", "LUX", "ESP", "PRT", "ITA", "POL", "CZE", "SVK", "SWE",
                  "FIN", "NOR", "NLD", "HUN", "ROU", "HRV", "SRB", "SVN", "GRC", "CYP", "TUR", "PER", "CHL",
                  "EST", "LTU", "LVA", "BGR", "IDN", "PHL"]
TD2_STATES = ["ROU", "FRA", "DEU", "CZE", "SVK", "MDA", "AUT", "GRC", "IDN", "PHL", "COL", "BGR", "LVA"]
RP_STATES = ["DEU", "FRA", "ESP", "ITA", "NLD", "BEL", "GBR", "IRL", "SWE", "NOR", "DNK", "PRT", "AUT", "CHE",
             "POL", "CZE", "FIN"]
VISA_STATES = ["DEU", "FRA", "ITA", "ESP", "NLD", "GBR", "USA", "CAN", "JPN", "CHN", "IND", "AUS", "KOR", "TUR",
               "ARE", "GRC", "POL", "CHE"]
ALL_STATES = sorted(ORIGIN_OF)


def holder_for_state(rng, state, sex):
    if state in ORIGIN_OF and rng.random() < 0.78:
        ok = ORIGIN_OF[state]
    else:
        ok = pick(rng, sorted(ORIGINS))
    return make_identity(rng, ok, sex)


def make_spec(rng, kind, fail_index=0):
    """kind: TD3, TD1, TD2, FAIL, VISA, NONE.  Returns spec dict (no image yet)."""
    spec = {"kind": kind}
    if kind == "NONE":
        return spec
    if kind == "FAIL":
        base = pick(rng, ["TD3", "TD3", "TD3", "TD1", "TD1", "TD2"])
    elif kind == "VISA":
        base = pick(rng, ["MRVA", "MRVB"])
    else:
        base = kind
    spec["format"] = base
    r = rng.random()
    sex = "M" if r < 0.47 else "F" if r < 0.94 else "<"
    # document code, issuing state, nationality, kind
    if base == "TD3":
        code = "P<" if rng.random() < 0.9 else pick(rng, ["PD", "PO"])
        state = pick(rng, ALL_STATES)
        nat = state
        dkind = "passport"
    elif base == "TD1":
        code = pick(rng, ["I<", "I<", "ID", "ID", "IR", "AR"])
        if code in ("IR", "AR"):
            state = pick(rng, RP_STATES)
            nat = pick(rng, [c for c in ALL_STATES if c != state])
            dkind = "residence_permit"
        else:
            state = pick(rng, ID_CARD_STATES)
            nat = state
            dkind = "id_card"
    elif base == "TD2":
        code = pick(rng, ["I<", "I<", "ID", "IR"])
        if code == "IR":
            state = pick(rng, RP_STATES)
            nat = pick(rng, [c for c in ALL_STATES if c != state])
            dkind = "residence_permit"
        else:
            state = pick(rng, TD2_STATES)
            nat = state
            dkind = "id_card"
    else:
        code = pick(rng, ["V<", "VC", "VD", "V<"])
        state = pick(rng, VISA_STATES)
        nat = pick(rng, [c for c in ALL_STATES if c != state])
        dkind = "visa"
    who = holder_for_state(rng, nat, sex)
    dob = rand_date(rng, dt.date(1940, 1, 1), dt.date(2006, 12, 31))
    expired = False
    if base in ("MRVA", "MRVB"):
        exp = rand_date(rng, dt.date(2027, 1, 1), dt.date(2030, 12, 31))
    elif kind != "FAIL" and rng.random() < 0.05:
        exp = rand_date(rng, dt.date(2015, 1, 1), dt.date(2026, 10, 31))
        expired = True
    else:
        exp = rand_date(rng, dt.date(2027, 1, 1), dt.date(2036, 12, 31))
    years = 10 if base == "TD3" and rng.random() < 0.7 else int(pick(rng, [5, 6, 10]))
    if base in ("MRVA", "MRVB"):
        issue = exp - dt.timedelta(days=int(rng.integers(90, 1500)))
    else:
        try:
            issue = exp.replace(year=exp.year - years) + dt.timedelta(days=1)
        except ValueError:
            issue = exp.replace(year=exp.year - years, day=28)
    latest_issue = REF_DATE - dt.timedelta(days=int(rng.integers(7, 240)))
    if issue > latest_issue:  # visual zone only: never issued after the reference date
        issue = latest_issue
    docnum = make_docnum(rng)
    f = dict(code=code, state=mrz_code(state), nat=mrz_code(nat), docnum=docnum,
             dob=yymmdd(dob), sex=sex, exp=yymmdd(exp),
             name=name_field(who["surname"], who["given"], who["style"], NAME_LEN[base]))
    if base == "TD3":
        f["personal"] = make_personal(rng, 14)
        f["pn_cd_filler"] = rng.random() < 0.25
    elif base == "TD1":
        f["opt1"] = make_personal(rng, 15)
        if rng.random() < 0.15:
            f["opt2"] = rand_str(rng, LETTERS + DIGITS, int(rng.integers(2, 8)))
    elif base == "TD2":
        f["opt1"] = make_personal(rng, 7) if rng.random() < 0.6 else None
    else:
        if rng.random() < 0.5:
            f["visa_opt"] = rand_str(rng, LETTERS + DIGITS, int(rng.integers(4, 9 if base == "MRVB" else 15)))
    lines = build_mrz(base, f)
    spec.update(dict(code=code, state=state, nat=nat, dkind=dkind, who=who, dob=dob, exp=exp, issue=issue,
                     sexv=sex, docnum=docnum, fields=f, lines=lines, true_lines=list(lines), expired=expired))
    if kind == "FAIL":
        spec["mutation"] = mutate(rng, spec, fail_index)
    return spec


def _valid_yymmdd(s, kind):
    try:
        yy, mm, dd = int(s[0:2]), int(s[2:4]), int(s[4:6])
        if kind == "dob":
            y = 1900 + yy if yy > 26 else 2000 + yy
        else:
            y = 1900 + yy if yy >= 70 else 2000 + yy
        d = dt.date(y, mm, dd)
    except ValueError:
        return False
    if kind == "dob":
        return dt.date(1930, 1, 1) <= d <= dt.date(2008, 12, 31)
    return dt.date(2027, 1, 1) <= d <= dt.date(2040, 12, 31)


def mutate(rng, spec, fail_index):
    """Change one printed character after the check digits were computed."""
    fmt = spec["format"]
    lines = [list(l) for l in spec["lines"]]
    lay = LAYOUT[fmt]
    options = ["documentNumber", "dateOfBirth", "dateOfExpiry", "checkDigit"]
    what = options[fail_index % len(options)]  # balanced over the FAIL documents of a set
    for _ in range(1000):
        if what == "checkDigit":
            cands = ["documentNumber", "dateOfBirth", "dateOfExpiry", "composite"]
            if fmt == "TD3" and spec["fields"].get("personal"):
                cands.append("personalNumber")
            field = pick(rng, cands)
            spec_f = lay[field]
            ln, col = (spec_f[1], spec_f[2]) if field == "composite" else (spec_f[3], spec_f[4])
            old = lines[ln][col]
            new = str((int(old) + int(rng.integers(1, 10))) % 10)
            kindm = "check_digit"
        else:
            field = what
            l, a, b, _, _ = lay[field]
            positions = [i for i in range(a, b) if lines[l][i] != "<"]
            col = pick(rng, positions)
            ln = l
            old = lines[ln][col]
            if old.isdigit():
                new = str((int(old) + int(rng.integers(1, 10))) % 10)
            else:
                new = pick(rng, LETTERS)
            if (char_value(new) - char_value(old)) % 10 == 0:
                continue
            if field in ("dateOfBirth", "dateOfExpiry"):
                trial = list(lines[ln])
                trial[col] = new
                s = "".join(trial[a:b])
                if not _valid_yymmdd(s, "dob" if field == "dateOfBirth" else "exp"):
                    continue
            kindm = "field_character"
        break
    else:
        raise RuntimeError("no mutation found")
    lines[ln][col] = new
    spec["lines"] = ["".join(l) for l in lines]
    res = check_results(fmt, spec["lines"])
    failing = sorted(k for k, v in res.items() if not v)
    expect = {field, "composite"} if field != "composite" else {"composite"}
    assert set(failing) == expect, (failing, field)
    return {"type": kindm, "field": field, "line": ln + 1, "column": col + 1, "from": old, "to": new,
            "failingCheckDigits": failing,
            "note": "MRZ printed with this one character changed after its check digits were computed; "
                    "the visual zone shows the original value"}


def fmt_name(n):
    return {"TD3": "TD3", "TD1": "TD1", "TD2": "TD2", "MRVA": "MRVA", "MRVB": "MRVB"}[n]


def parse_date(s, kind):
    yy, mm, dd = int(s[0:2]), int(s[2:4]), int(s[4:6])
    if kind == "dob":
        y = 1900 + yy if yy > 26 else 2000 + yy
    else:
        y = 1900 + yy if yy >= 70 else 2000 + yy
    return dt.date(y, mm, dd)


def iso_of(raw):
    if raw in ISO_FROM_MRZ:
        return ISO_FROM_MRZ[raw]
    return raw if raw in COUNTRY else None


def expected_from_lines(fmt, lines):
    """Expected fields derived from the MRZ as printed (README conventions)."""
    if fmt == "TD1":
        l1, l2, l3 = lines
        code, st, dn, opt = l1[0:2], l1[2:5], l1[5:14], l1[15:30]
        dob, sex, exp, nat = l2[0:6], l2[7], l2[8:14], l2[15:18]
        namef = l3
    else:
        l1, l2 = lines
        code, st, namef = l1[0:2], l1[2:5], l1[5:]
        dn, nat, dob, sex, exp = l2[0:9], l2[10:13], l2[13:19], l2[20], l2[21:27]
        opt = l2[28:42] if fmt == "TD3" else l2[28:35] if fmt == "TD2" else ""
    last, first, full = parse_name(namef)
    pn = opt.strip("<").replace("<", " ") or None
    rawnat, rawst = nat.replace("<", ""), st.replace("<", "")
    expd = parse_date(exp, "exp")
    return {
        "documentCode": code.rstrip("<"),
        "lastName": last, "firstName": first, "fullName": full,
        "documentNumber": dn.replace("<", ""),
        "personalNumber": pn,
        "nationality": iso_of(rawnat), "issuingCountry": iso_of(rawst),
        "dateOfBirth": parse_date(dob, "dob").isoformat(), "dateOfExpiry": expd.isoformat(),
        "sex": sex if sex in "MFX" and sex != "<" else None,
        "mrzNationality": rawnat, "mrzIssuingState": rawst,
        "expiredOnReferenceDate": expd < REF_DATE,
    }


# ---------------------------------------------------------------------------------------------
# Rendering of the flat document
# ---------------------------------------------------------------------------------------------

PALETTES = [
    ((247, 240, 246), [(226, 196, 222), (205, 214, 238), (236, 214, 200)]),  # pink/lilac
    ((240, 247, 241), [(190, 224, 200), (214, 230, 190), (200, 216, 232)]),  # green
    ((239, 244, 250), [(196, 214, 238), (214, 200, 236), (190, 228, 230)]),  # blue
    ((250, 246, 234), [(236, 220, 180), (226, 206, 206), (206, 222, 200)]),  # beige
    ((245, 245, 245), [(214, 214, 228), (226, 210, 210), (206, 226, 214)]),  # grey
    ((250, 241, 232), [(240, 206, 186), (214, 210, 236), (226, 230, 200)]),  # peach
]


def draw_security(img, rng, ppm, palette):
    base, inks = palette
    W, H = img.size
    d = ImageDraw.Draw(img)
    lw = max(1, int(round(ppm * 0.07)))
    # fine wavy bands
    for _ in range(int(rng.integers(2, 5))):
        col = pick(rng, inks)
        nlines = int(rng.integers(14, 34))
        yc = rng.uniform(0, H)
        gap = rng.uniform(0.35, 0.8) * ppm
        lam = rng.uniform(8, 30) * ppm
        amp = rng.uniform(1.5, 7) * ppm
        lam2 = rng.uniform(3, 9) * ppm
        amp2 = rng.uniform(0.2, 1.2) * ppm
        ph = rng.uniform(0, 2 * math.pi)
        dph = rng.uniform(-0.25, 0.25)
        xs = np.arange(0, W + 4, max(2.0, ppm * 0.5))
        for k in range(nlines):
            ys = yc + (k - nlines / 2) * gap + amp * np.sin(2 * math.pi * xs / lam + ph + k * dph) + \
                amp2 * np.sin(2 * math.pi * xs / lam2 + k * 0.3)
            d.line(list(zip(xs.tolist(), ys.tolist())), fill=col, width=lw)
    # rosettes / guilloche circles
    for _ in range(int(rng.integers(1, 3))):
        col = pick(rng, inks)
        cx, cy = rng.uniform(0.15, 0.85) * W, rng.uniform(0.1, 0.9) * H
        R = rng.uniform(0.18, 0.42) * H
        n = int(rng.integers(9, 26))
        th = np.linspace(0, 2 * math.pi, 720)
        for j in range(int(rng.integers(6, 14))):
            phi = j * math.pi / n / 3
            r = R * (0.62 + 0.38 * np.abs(np.sin(n * th / 2 + phi))) * (1 - 0.03 * j)
            pts = list(zip((cx + r * np.cos(th)).tolist(), (cy + r * np.sin(th)).tolist()))
            d.line(pts + [pts[0]], fill=col, width=lw)


def text_w(fnt, s):
    return fnt.getlength(s)


def fit_font(path, px, s, maxw):
    f = font(path, px)
    while text_w(f, s) > maxw and px > 7:
        px *= 0.92
        f = font(path, px)
    return f


def draw_photo_box(img, rng, box):
    x0, y0, x1, y1 = [int(round(v)) for v in box]
    w, h = max(2, x1 - x0), max(2, y1 - y0)
    g0 = int(rng.integers(150, 200))
    col = np.linspace(g0 + 25, g0 - 15, h, dtype=np.float32)
    ph = Image.fromarray(np.repeat(np.repeat(col[:, None, None], w, 1), 3, 2).astype(np.uint8), "RGB")
    d = ImageDraw.Draw(ph)
    sil = (int(g0 - 55),) * 3
    d.ellipse([0.3 * w, 0.16 * h, 0.7 * w, 0.62 * h], fill=sil)
    d.ellipse([0.1 * w, 0.62 * h, 0.9 * w, 1.35 * h], fill=sil)
    img.paste(ph, (x0, y0))


def draw_fields(img, rng, fields, region, ppm, ink, lab_ink, fonts):
    x0, y0, x1, y1 = region
    d = ImageDraw.Draw(img)
    lab_px, val_px = 1.45 * ppm, 2.45 * ppm
    lab_f, val_f = fonts
    for _ in range(12):
        row_h = lab_px * 1.2 + val_px * 1.35
        rows = max(1, int((y1 - y0) // row_h))
        cols = int(math.ceil(len(fields) / rows))
        if cols <= 3:
            break
        lab_px *= 0.9
        val_px *= 0.9
    rows = int(math.ceil(len(fields) / cols))
    col_w = (x1 - x0) / cols
    for i, (lab, val) in enumerate(fields):
        c, r = i // rows, i % rows
        x = x0 + c * col_w
        y = y0 + r * row_h
        d.text((x, y), lab, font=fit_font(lab_f, lab_px, lab, col_w - ppm), fill=lab_ink)
        d.text((x, y + lab_px * 1.15), val, font=fit_font(val_f, val_px, val, col_w - ppm), fill=ink)


MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]


def viz_date(d, style):
    if style == 0:
        return "%02d %s %d" % (d.day, MONTHS[d.month - 1], d.year)
    if style == 1:
        return "%02d.%02d.%d" % (d.day, d.month, d.year)
    return "%02d/%02d/%d" % (d.day, d.month, d.year)


def draw_mrz(img, lines, ppm, origin_mm, pitch_mm, line_mm, cap_mm, ink):
    """Draw MRZ lines char by char at the ICAO pitch. origin_mm = (left x, baseline of first line)."""
    d = ImageDraw.Draw(img)
    size = cap_mm * ppm / 0.715  # OCR-B cap height is ~0.715 em
    f = font(F_OCRB, size)
    adv = f.getlength("H")
    pitch = pitch_mm * ppm
    x0 = origin_mm[0] * ppm
    for li, ln in enumerate(lines):
        base = (origin_mm[1] + li * line_mm) * ppm
        for ci, ch in enumerate(ln):
            d.text((x0 + ci * pitch + (pitch - adv) / 2, base), ch, font=f, fill=ink, anchor="ls")


def rounded_alpha(size, radius):
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).rounded_rectangle([0, 0, size[0] - 1, size[1] - 1], radius=radius, fill=255)
    return m


DOC_SIZES = {"TD1": (85.6, 54.0), "TD2": (105.0, 74.0), "TD3": (125.0, 88.0), "MRVA": (120.0, 80.0),
             "MRVB": (105.0, 74.0)}

AUTHORITIES = ["MINISTRY OF INTERIOR", "CITY HALL", "PASSPORT OFFICE", "NATIONAL POLICE", "CIVIL REGISTRY",
               "IMMIGRATION OFFICE", "PREFECTURE", "DEPARTMENT OF HOME AFFAIRS"]
STREETS = ["HAUPTSTRASSE 12", "RUE DES LILAS 7", "CALLE MAYOR 23 3ºB", "UL. DŁUGA 5/14", "MAIN STREET 101",
           "VIA ROMA 44", "KERKSTRAAT 9", "STORGATAN 3", "OAK AVENUE 77", "BD. UNIRII 15"]


def mrz_geometry(fmt, w_mm, h_mm, rng):
    nlines = 3 if fmt == "TD1" else 2
    n = LINE_LEN[fmt]
    pitch = 2.54
    line_mm = rng.uniform(3.9, 4.35) if fmt != "TD1" else rng.uniform(3.7, 4.1)
    cap = rng.uniform(2.2, 2.4)
    left = (w_mm - n * pitch) / 2 + rng.uniform(-0.8, 0.8)
    bottom_base = h_mm - rng.uniform(3.6, 5.2)
    first_base = bottom_base - (nlines - 1) * line_mm
    box = (left - 0.3, first_base - cap - 0.3, left + n * pitch + 0.3, bottom_base + 0.6)
    return (left, first_base), pitch, line_mm, cap, box


def render_mrz_document(spec, rng, ppm):
    """Render the MRZ side of TD1/TD2/TD3/visa. Returns RGBA image and MRZ box in px."""
    fmt = spec["format"]
    w_mm, h_mm = DOC_SIZES[fmt]
    W, H = int(round(w_mm * ppm)), int(round(h_mm * ppm))
    pal = pick(rng, PALETTES)
    img = Image.new("RGB", (W, H), pal[0])
    draw_security(img, rng, ppm, pal)
    d = ImageDraw.Draw(img)
    ink = pick(rng, [(20, 20, 24), (35, 35, 45), (22, 28, 70), (40, 30, 30)])
    lab_ink = pick(rng, [(70, 70, 90), (90, 60, 80), (40, 80, 110), (80, 80, 80)])
    title_ink = pick(rng, [(30, 50, 110), (110, 30, 40), (30, 90, 60), (60, 40, 90)])
    mrz_ink = pick(rng, [(0, 0, 0), (12, 12, 14), (30, 30, 32), (45, 45, 48), (14, 18, 48), (20, 26, 60)])
    datestyle = int(rng.integers(3))
    who = spec["who"]
    sn = who["surname"].upper()
    gn = who["given"].upper()
    st_name = COUNTRY.get(spec["state"], spec["state"])
    nat_name = COUNTRY.get(spec["nat"], spec["nat"])
    sexv = {"M": "M", "F": "F", "<": "X"}[spec["sexv"]]
    origin, pitch, line_mm, cap, box_mm = mrz_geometry(fmt, w_mm, h_mm, rng)
    mrz_top = box_mm[1]
    sans = pick(rng, [(F_SANS, F_SANS_B), (F_LIB, F_LIB_B), (F_NARROW, F_NARROW_B), (F_SANS_C, F_SANS_CB)])
    pob = pick(rng, ORIGINS[who["origin"]]["cities"])
    dn_viz = spec["docnum"]
    fmtv = lambda x: viz_date(x, datestyle)  # noqa: E731
    if fmt == "TD3":
        title = [st_name, "PASSPORT / PASSEPORT / PASAPORTE"]
        fields = [("Type / Type", spec["code"].rstrip("<")), ("Code / Code", spec["fields"]["state"]),
                  ("Passport No. / N° du passeport", dn_viz), ("Surname / Nom", sn),
                  ("Given names / Prénoms", gn or "—"), ("Nationality / Nationalité", nat_name),
                  ("Date of birth / Date de naissance", fmtv(spec["dob"])), ("Sex / Sexe", sexv),
                  ("Place of birth / Lieu de naissance", pob), ("Date of issue / Date de délivrance",
                                                                fmtv(spec["issue"])),
                  ("Authority / Autorité", pick(rng, AUTHORITIES)),
                  ("Date of expiry / Date d'expiration", fmtv(spec["exp"]))]
        if spec["fields"].get("personal"):
            fields.append(("Personal No. / N° personnel", spec["fields"]["personal"].replace("<", " ")))
        photo = (4.0, 17.0, 4.0 + 32.0, min(17.0 + 42.0, mrz_top - 2.5))
        field_region = (photo[2] + 4.0, 16.0, w_mm - 4.0, mrz_top - 2.0)
        corner = 0.0
    elif fmt == "TD1":
        rp = spec["dkind"] == "residence_permit"
        title = [st_name, "RESIDENCE PERMIT" if rp else "IDENTITY CARD"]
        fields = [("Place of birth", pob), ("Date of issue", fmtv(spec["issue"])),
                  ("Authority", pick(rng, AUTHORITIES)), ("Address", pick(rng, STREETS)),
                  ("Height", "%d cm" % int(rng.integers(150, 198)))]
        if rp:
            fields.append(("Remarks", pick(rng, ["EMPLOYMENT PERMITTED", "FAMILY MEMBER", "STUDENT",
                                                 "LONG-TERM RESIDENT EU"])))
        photo = (w_mm - 4.0 - 13.0, 9.0, w_mm - 4.0, min(9.0 + 16.0, mrz_top - 2.0))
        field_region = (4.0, 9.0, photo[0] - 2.0, mrz_top - 1.5)
        corner = 3.18
    elif fmt == "TD2":
        rp = spec["dkind"] == "residence_permit"
        title = [st_name, "RESIDENCE PERMIT" if rp else "IDENTITY CARD / CARTE D'IDENTITÉ"]
        fields = [("Surname", sn), ("Given names", gn or "—"), ("Sex", sexv), ("Nationality", nat_name),
                  ("Date of birth", fmtv(spec["dob"])), ("Document No.", dn_viz),
                  ("Date of expiry", fmtv(spec["exp"])), ("Place of birth", pob)]
        photo = (4.0, 13.0, 4.0 + 25.0, min(13.0 + 32.0, mrz_top - 2.0))
        field_region = (photo[2] + 3.5, 12.5, w_mm - 3.5, mrz_top - 1.5)
        corner = 3.18
    else:
        title = [st_name, "VISA"]
        fields = [("Valid for", pick(rng, ["SCHENGEN STATES", st_name, "ALL PORTS"])),
                  ("From", fmtv(spec["issue"])), ("Until", fmtv(spec["exp"])),
                  ("Type of visa", pick(rng, ["C", "D", "B1/B2", "WORK"])),
                  ("Number of entries", pick(rng, ["MULT", "01", "02"])),
                  ("Duration of stay", "%d DAYS" % int(rng.integers(15, 181))),
                  ("Issued in", pick(rng, ["LONDON", "NEW DELHI", "ISTANBUL", "NAIROBI", "LIMA", "CAIRO"])),
                  ("Passport number", make_docnum(rng)), ("Surname, given names",
                                                          (sn + ", " + gn) if gn else sn)]
        photo = (4.0, 12.0, 4.0 + 24.0, min(12.0 + 31.0, mrz_top - 2.0))
        field_region = (photo[2] + 3.0, 11.5, w_mm - 3.0, mrz_top - 1.5)
        corner = 0.0
    # title
    tpx = 3.0 * ppm if fmt != "TD1" else 2.5 * ppm
    tf = fit_font(F_SERIF_B if rng.random() < 0.5 else sans[1], tpx, title[0], W - 8 * ppm)
    d.text((W / 2, 2.2 * ppm), title[0], font=tf, fill=title_ink, anchor="mt")
    tf2 = fit_font(sans[1], tpx * 0.7, title[1], W - 8 * ppm)
    d.text((W / 2, 2.2 * ppm + tpx * 1.25), title[1], font=tf2, fill=title_ink, anchor="mt")
    # photo
    draw_photo_box(img, rng, [v * ppm for v in photo])
    d.rectangle([v * ppm for v in photo], outline=(120, 120, 120), width=max(1, int(ppm * 0.1)))
    # fields
    draw_fields(img, rng, fields, [v * ppm for v in field_region], ppm, ink, lab_ink, sans)
    # signature scribble
    if fmt in ("TD3", "TD2") and rng.random() < 0.8:
        sx, sy = field_region[0] * ppm, (mrz_top - 4.5) * ppm
        xs = np.linspace(0, 28 * ppm, 60)
        ys = sy + 1.2 * ppm * np.sin(xs / (1.3 * ppm) + rng.uniform(0, 6)) * np.sin(xs / (7 * ppm))
        pts = list(zip((sx + xs).tolist(), ys.tolist()))
        if sx + 28 * ppm < W - 4 * ppm:
            d.line(pts, fill=(20, 30, 90), width=max(1, int(ppm * 0.18)))
    # MRZ
    draw_mrz(img, spec["lines"], ppm, origin, pitch, line_mm, cap, mrz_ink)
    alpha = rounded_alpha((W, H), corner * ppm) if corner else Image.new("L", (W, H), 255)
    img = img.convert("RGBA")
    img.putalpha(alpha)
    box_px = [v * ppm for v in box_mm]
    render = {"pxPerMm": round(ppm, 2), "docSizeMm": [w_mm, h_mm], "mrzInk": list(mrz_ink),
              "mrzCapHeightMm": round(cap, 2), "mrzPitchMm": pitch, "mrzLineSpacingMm": round(line_mm, 2)}
    if fmt in ("MRVA", "MRVB"):
        # visa sticker placed on a passport visa page (ID-3 sized page)
        pw, ph = 125.0, 88.0
        PW, PH = int(round(pw * ppm)), int(round(ph * ppm))
        page_pal = pick(rng, PALETTES)
        page = Image.new("RGB", (PW, PH), page_pal[0])
        draw_security(page, rng, ppm, page_pal)
        pd_ = ImageDraw.Draw(page)
        pd_.text((PW - 3 * ppm, PH - 1.2 * ppm), str(int(rng.integers(5, 33))), font=font(F_SANS, 2.5 * ppm),
                 fill=(90, 90, 110), anchor="rb")
        ox = int(round(rng.uniform(1.5, pw - w_mm - 1.5) * ppm))
        oy = int(round(rng.uniform(1.5, ph - h_mm - 1.5) * ppm))
        # slight sticker shadow
        page.paste((200, 200, 200), [ox + 2, oy + 2, ox + W + 2, oy + H + 2])
        page.paste(img.convert("RGB"), (ox, oy))
        img = page.convert("RGBA")
        box_px = [box_px[0] + ox, box_px[1] + oy, box_px[2] + ox, box_px[3] + oy]
        render["visaStickerOnPageMm"] = [round(ox / ppm, 1), round(oy / ppm, 1)]
        render["docSizeMm"] = [pw, ph]
    return img, box_px, render


NOMRZ_TITLES = [("MEMBERSHIP CARD", "CITY SPORTS CLUB"), ("STUDENT CARD", "UNIVERSITY OF APPLIED SCIENCES"),
                ("EMPLOYEE ID", "NORTHWIND LOGISTICS"), ("HEALTH INSURANCE CARD", "MUTUAL HEALTH FUND"),
                ("LIBRARY CARD", "PUBLIC LIBRARY"), ("PRESS CARD", "INTERNATIONAL PRESS ASSOCIATION"),
                ("SENIOR CITIZEN CARD", "MUNICIPAL TRANSPORT"), ("VISITOR BADGE", "CONFERENCE CENTRE")]
LETTER_TITLES = ["CERTIFICATE OF REGISTRATION", "CONFIRMATION OF ADDRESS", "EMPLOYMENT CERTIFICATE",
                 "CERTIFICATE OF ENROLMENT", "LETTER OF INVITATION"]
LOREM = ("This is to certify that the person named below is registered at the address stated and that the "
         "information given has been verified by the issuing office. This document is not a travel document "
         "and does not prove identity or nationality. It is valid only together with an official identity "
         "document. Any alteration renders it void. For enquiries please contact the office quoting the "
         "reference number shown above.").split()


def render_nomrz(spec, rng, ppm):
    r = rng.random()
    who = make_identity(rng, pick(rng, sorted(ORIGINS)), pick(rng, ["M", "F"]))
    sn, gn = who["surname"].upper(), who["given"].upper()
    dob = rand_date(rng, dt.date(1940, 1, 1), dt.date(2006, 12, 31))
    ds = int(rng.integers(3))
    pal = pick(rng, PALETTES)
    ink = pick(rng, [(20, 20, 24), (22, 28, 70), (40, 30, 30)])
    lab_ink = (80, 80, 95)
    sans = pick(rng, [(F_SANS, F_SANS_B), (F_LIB, F_LIB_B), (F_SANS_C, F_SANS_CB)])
    if r < 0.7:
        kind = "card"
        w_mm, h_mm = 85.6, 54.0
        W, H = int(round(w_mm * ppm)), int(round(h_mm * ppm))
        img = Image.new("RGB", (W, H), pal[0])
        draw_security(img, rng, ppm, pal)
        d = ImageDraw.Draw(img)
        t1, t2 = pick(rng, NOMRZ_TITLES)
        band = pick(rng, [(30, 60, 120), (140, 30, 40), (20, 100, 70), (80, 50, 120)])
        d.rectangle([0, 0, W, 9 * ppm], fill=band)
        d.text((4 * ppm, 1.3 * ppm), t2, font=fit_font(sans[1], 2.8 * ppm, t2, W - 8 * ppm), fill=(255, 255, 255))
        d.text((4 * ppm, 5.0 * ppm), t1, font=fit_font(sans[0], 2.2 * ppm, t1, W - 8 * ppm),
               fill=(235, 235, 235))
        photo = (4.0, 12.0, 24.0, 38.0)
        draw_photo_box(img, rng, [v * ppm for v in photo])
        d.rectangle([v * ppm for v in photo], outline=(120, 120, 120), width=max(1, int(ppm * 0.1)))
        fields = [("Name", (gn + " " + sn).strip()), ("Date of birth", viz_date(dob, ds)),
                  ("Member no.", rand_str(rng, DIGITS, int(rng.integers(6, 11)))),
                  ("Valid until", viz_date(rand_date(rng, dt.date(2026, 1, 1), dt.date(2030, 12, 31)), ds))]
        draw_fields(img, rng, fields, [27 * ppm, 11.5 * ppm, W - 4 * ppm, 40 * ppm], ppm, ink, lab_ink, sans)
        # card-number style line in OCR-B (not an MRZ)
        num = " ".join(rand_str(rng, DIGITS, 4) for _ in range(4))
        d.text((4 * ppm, 48.5 * ppm), num, font=font(F_OCRB, 3.4 * ppm), fill=(30, 30, 30), anchor="ls")
        img = img.convert("RGBA")
        img.putalpha(rounded_alpha((W, H), 3.18 * ppm))
        note = "%s (%s), visual text only" % (t1.lower(), t2.lower())
    else:
        kind = "page"
        w_mm, h_mm = 148.0, 105.0
        W, H = int(round(w_mm * ppm)), int(round(h_mm * ppm))
        img = Image.new("RGB", (W, H), (250, 250, 246))
        if rng.random() < 0.6:
            draw_security(img, rng, ppm, ((250, 250, 246), [(232, 232, 226), (226, 234, 240)]))
        d = ImageDraw.Draw(img)
        t = pick(rng, LETTER_TITLES)
        d.text((8 * ppm, 8 * ppm), "MUNICIPALITY OF " + pick(rng, ORIGINS[who["origin"]]["cities"]),
               font=font(sans[1], 3.0 * ppm), fill=(40, 40, 90))
        d.text((8 * ppm, 14 * ppm), "Ref. %s/%s" % (rand_str(rng, LETTERS, 2), rand_str(rng, DIGITS, 7)),
               font=font(sans[0], 2.2 * ppm), fill=(60, 60, 60))
        d.text((W / 2, 22 * ppm), t, font=fit_font(sans[1], 4.0 * ppm, t, W - 16 * ppm), fill=ink, anchor="mt")
        fields = [("Surname", sn), ("Given names", gn or "—"), ("Date of birth", viz_date(dob, ds)),
                  ("Address", pick(rng, STREETS))]
        draw_fields(img, rng, fields, [8 * ppm, 30 * ppm, W - 8 * ppm, 48 * ppm], ppm, ink, lab_ink, sans)
        f = font(sans[0], 2.3 * ppm)
        y = 52 * ppm
        line = ""
        for wd in LOREM:
            if text_w(f, line + " " + wd) > W - 16 * ppm:
                d.text((8 * ppm, y), line.strip(), font=f, fill=(30, 30, 30))
                y += 3.6 * ppm
                line = ""
            line += " " + wd
        d.text((8 * ppm, y), line.strip(), font=f, fill=(30, 30, 30))
        d.ellipse([W - 40 * ppm, H - 30 * ppm, W - 14 * ppm, H - 4 * ppm], outline=(60, 80, 160),
                  width=max(1, int(ppm * 0.3)))
        img = img.convert("RGBA")
        note = "%s letter page, visual text only" % t.lower()
    render = {"pxPerMm": round(ppm, 2), "docSizeMm": [w_mm, h_mm], "noMrzKind": kind}
    return img, None, render, note


# ---------------------------------------------------------------------------------------------
# Phone-photo simulation
# ---------------------------------------------------------------------------------------------

def lowfreq(rng, h, w, cells=(6, 8)):
    small = rng.random((cells[0], cells[1])).astype(np.float32)
    im = Image.fromarray((small * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    return np.asarray(im, dtype=np.float32) / 255.0


def make_background(rng, W, H):
    t = pick(rng, ["wood", "wood", "desk", "desk", "fabric", "hand", "hand"])
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if t == "wood":
        base = np.array(pick(rng, [(150, 100, 60), (185, 140, 95), (110, 70, 45), (200, 170, 130)]), np.float32)
        warp = lowfreq(rng, H, W, (4, 5)) * rng.uniform(20, 60)
        per = rng.uniform(8, 25)
        ang = rng.uniform(-0.3, 0.3)
        v = np.sin(2 * math.pi * (yy * math.cos(ang) + xx * math.sin(ang) + warp) / per)
        v2 = lowfreq(rng, H, W, (12, 3)) - 0.5
        img = base[None, None, :] * (1 + 0.12 * v[..., None] + 0.25 * v2[..., None])
    elif t == "desk":
        base = np.array(pick(rng, [(235, 235, 232), (60, 62, 66), (30, 30, 32), (200, 210, 220), (170, 190, 170),
                                   (225, 215, 200)]), np.float32)
        img = base[None, None, :] * (1 + 0.12 * (lowfreq(rng, H, W, (3, 4)) - 0.5)[..., None])
    elif t == "fabric":
        base = np.array(pick(rng, [(90, 100, 140), (140, 60, 60), (80, 120, 90), (150, 150, 150)]), np.float32)
        per = rng.uniform(3, 6)
        v = np.sin(2 * math.pi * xx / per) * np.sin(2 * math.pi * yy / per)
        img = base[None, None, :] * (1 + 0.08 * v[..., None] + 0.2 * (lowfreq(rng, H, W) - 0.5)[..., None])
    else:
        base = np.array(pick(rng, [(224, 172, 140), (198, 134, 100), (141, 85, 54), (240, 200, 165),
                                   (170, 110, 80)]), np.float32)
        img = base[None, None, :] * (0.85 + 0.3 * lowfreq(rng, H, W, (3, 3))[..., None])
    img = img + rng.normal(0, 2.0, img.shape).astype(np.float32)
    return np.clip(img, 0, 255), t, (base if t == "hand" else None)


def homography(src, dst):
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    h = np.linalg.solve(np.array(A, float), np.array(b, float))
    return np.append(h, 1).reshape(3, 3)


def apply_h(Hm, x, y):
    p = Hm @ np.array([x, y, 1.0])
    return p[0] / p[2], p[1] / p[2]


def curve_doc(arr, amp, period, phase, kind):
    """Vertical displacement dy(x) per column (bilinear), arr HxWx4 float."""
    H, W = arr.shape[:2]
    xs = np.arange(W, dtype=np.float32)
    if kind == "sine":
        dy = amp * np.sin(2 * math.pi * xs / period + phase)
    else:  # bend: parabola, edges displaced relative to centre
        dy = amp * ((2 * xs / max(1, W - 1) - 1) ** 2 - 0.5) * 2
    pad_ = int(math.ceil(abs(amp))) + 2
    src = np.pad(arr, ((pad_, pad_), (0, 0), (0, 0)))
    Hp = H + 2 * pad_
    ys = np.arange(Hp, dtype=np.float32)[:, None] - dy[None, :]
    y0 = np.floor(ys).astype(int)
    fr = (ys - y0)[..., None]
    y0c = np.clip(y0, 0, Hp - 1)
    y1c = np.clip(y0 + 1, 0, Hp - 1)
    cols = np.arange(W)[None, :]
    out = src[y0c, cols] * (1 - fr) + src[y1c, cols] * fr
    return out, pad_


def motion_blur(arr, length, angle):
    n = int(math.ceil(length)) * 2 + 1
    half = int(math.ceil(length / 2)) + 1
    k = np.zeros((2 * half + 1, 2 * half + 1), np.float32)
    for t in np.linspace(-length / 2, length / 2, n):
        x = half + t * math.cos(angle)
        y = half + t * math.sin(angle)
        x0, y0 = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - x0, y - y0
        for dy_, wy in ((0, 1 - fy), (1, fy)):
            for dx_, wx in ((0, 1 - fx), (1, fx)):
                if 0 <= y0 + dy_ < k.shape[0] and 0 <= x0 + dx_ < k.shape[1]:
                    k[y0 + dy_, x0 + dx_] += wy * wx
    k /= k.sum()
    H, W = arr.shape[:2]
    p = np.pad(arr, ((half, half), (half, half), (0, 0)), mode="edge")
    out = np.zeros_like(arr)
    for j in range(k.shape[0]):
        for i in range(k.shape[1]):
            if k[j, i] > 1e-4:
                out += k[j, i] * p[j:j + H, i:i + W]
    return out


def photograph(doc, mrz_box, rng, severity, render, allow_thumb=True):
    s = severity
    deg = {"severity": round(s, 3)}
    on = lambda: s > 0 and rng.random() < 0.35 + 0.65 * s  # noqa: E731
    mag = lambda mx: float(mx * s * rng.uniform(0.4, 1.0))  # noqa: E731
    # effect parameters
    rot = mag(20.0) * pick(rng, [-1, 1]) if on() else 0.0
    persp = mag(0.08) if on() else 0.0
    curv_amp = mag(1.0) if on() else 0.0  # fraction of the max amplitude, resolved after scaling
    curv_kind = pick(rng, ["sine", "bend"])
    defocus = mag(1.8) if on() else 0.0
    mblur = mag(4.0) if on() else 0.0
    noise = mag(12.0) if on() else 0.0
    jpegq = int(round(92 - (42 * s * rng.uniform(0.5, 1.0) if s > 0 else 0)))
    light = on()
    glare = on()
    # canvas size
    Wf = int(rng.integers(700, 2001))
    aspect = pick(rng, [4 / 3, 4 / 3, 16 / 9, 3 / 2, 3 / 4, 1.0])
    Hf = int(round(Wf / aspect))
    dw, dh = doc.size
    th = math.radians(rot)
    bw = dw * abs(math.cos(th)) + dh * abs(math.sin(th))
    bh = dw * abs(math.sin(th)) + dh * abs(math.cos(th))
    frac = rng.uniform(0.58, 0.9) / (1 + 1.5 * persp)
    k = frac * min(Wf / bw, Hf / bh)
    # legibility floor: ICAO pitch 2.54 mm must map to enough pixels given the blur we add
    ppm = render["pxPerMm"]
    need = 8.0 + 1.6 * defocus + 0.6 * mblur + (1.5 if persp > 0.05 else 0.0)
    pitch_px = k * ppm * 2.54
    if mrz_box is not None and pitch_px < need:
        grow = need / pitch_px
        frac2 = min(0.92 / (1 + 1.5 * persp), frac * grow)
        k *= frac2 / frac
        frac = frac2
        pitch_px = k * ppm * 2.54
        if pitch_px < need:
            g = min(2000 / Wf, need / pitch_px)
            Wf, Hf = int(Wf * g), int(Hf * g)
            k *= g
            pitch_px = k * ppm * 2.54
    # pre-scale doc (antialiased) to approximately its size in the photo
    sw, sh = max(8, int(round(dw * k))), max(8, int(round(dh * k)))
    small = doc.resize((sw, sh), Image.LANCZOS)
    arr = np.asarray(small, dtype=np.float32)
    kx, ky = sw / dw, sh / dh
    mb = None if mrz_box is None else [mrz_box[0] * kx, mrz_box[1] * ky, mrz_box[2] * kx, mrz_box[3] * ky]
    # curvature (vertical displacement across the width)
    if curv_amp > 0:
        amp = curv_amp * min(7.0, 2.0 + 0.004 * sw)
        period = rng.uniform(0.7, 2.2) * sw
        phase = rng.uniform(0, 2 * math.pi)
        arr, padc = curve_doc(arr, amp, period, phase, curv_kind)
        deg["curvature"] = {"type": curv_kind, "amplitudePx": round(amp, 2),
                            "periodPx": round(period, 1) if curv_kind == "sine" else None,
                            "phase": round(phase, 3) if curv_kind == "sine" else None}
        if mb:
            mb = [mb[0], mb[1] + padc, mb[2], mb[3] + padc]
        top_off = padc
    else:
        deg["curvature"] = None
        top_off = 0
    # premultiply alpha to avoid fringes
    a = arr[..., 3:4] / 255.0
    prem = np.concatenate([arr[..., :3] * a, arr[..., 3:4]], axis=2)
    prem = np.pad(prem, ((2, 2), (2, 2), (0, 0)))  # transparent border: antialiased edges after warping
    ah, aw = prem.shape[0] - 4, prem.shape[1] - 4
    docim = Image.fromarray(np.clip(prem, 0, 255).astype(np.uint8), "RGBA")
    # destination corners: rotate, jitter (perspective), place
    hw, hh = sw / 2, sh / 2
    base = [(-hw, -hh - top_off), (hw, -hh - top_off), (hw, hh + top_off), (-hw, hh + top_off)]
    cs, sn_ = math.cos(th), math.sin(th)
    dst = []
    for (x, y) in base:
        jx = rng.uniform(-1, 1) * persp * sw
        jy = rng.uniform(-1, 1) * persp * sh
        dst.append((x * cs - y * sn_ + jx, x * sn_ + y * cs + jy))
    xs_ = [p[0] for p in dst]
    ys_ = [p[1] for p in dst]
    spanx, spany = max(xs_) - min(xs_), max(ys_) - min(ys_)
    shrink = min(1.0, 0.97 * Wf / spanx, 0.97 * Hf / spany)
    if shrink < 1.0:
        dst = [(x * shrink, y * shrink) for x, y in dst]
        xs_ = [p[0] for p in dst]
        ys_ = [p[1] for p in dst]
    cx = rng.uniform(-min(xs_) + 2, Wf - max(xs_) - 2) if Wf - max(xs_) - 2 > -min(xs_) + 2 else Wf / 2
    cy = rng.uniform(-min(ys_) + 2, Hf - max(ys_) - 2) if Hf - max(ys_) - 2 > -min(ys_) + 2 else Hf / 2
    dst = [(x + cx, y + cy) for x, y in dst]
    src = [(0, 0), (aw, 0), (aw, ah), (0, ah)]
    Hm = homography(src, dst)
    Hi = np.linalg.inv(Hm)
    Hi = np.array([[1, 0, 2], [0, 1, 2], [0, 0, 1]], float) @ Hi  # account for the 2 px border
    Hi /= Hi[2, 2]
    warped = docim.transform((Wf, Hf), Image.PERSPECTIVE, tuple(Hi.flatten()[:8]), Image.BICUBIC)
    w = np.asarray(warped, dtype=np.float32)
    alpha = w[..., 3:4] / 255.0
    bg, bgtype, skin = make_background(rng, Wf, Hf)
    # soft shadow
    sh_img = Image.fromarray((alpha[..., 0] * 255).astype(np.uint8)).filter(
        ImageFilter.GaussianBlur(max(2, Wf * 0.008)))
    sdx, sdy = int(rng.integers(-Wf // 120, Wf // 120 + 1)), int(rng.integers(0, Wf // 100 + 1))
    shadow = np.roll(np.roll(np.asarray(sh_img, np.float32) / 255.0, sdy, 0), sdx, 1)
    bg = bg * (1 - 0.35 * shadow[..., None])
    img = w[..., :3] + bg * (1 - alpha)
    deg["rotationDeg"] = round(rot, 2)
    deg["perspective"] = {"maxCornerShiftFrac": round(persp, 4),
                          "cornersPx": [[round(x, 1), round(y, 1)] for x, y in dst]}
    deg["background"] = bgtype
    # thumb holding the document (hand background), kept away from the MRZ (upper half of the side)
    if bgtype == "hand" and allow_thumb and rng.random() < 0.8:
        side = pick(rng, [0, 1])
        ty = rng.uniform(0.12, 0.4) * ah
        rx = rng.uniform(0.09, 0.13) * aw   # along the doc x axis (thumb pointing inwards)
        ry = rx * rng.uniform(0.45, 0.6)
        inside = rng.uniform(0.5, 0.9) * rx  # how far the thumb tip reaches into the document
        cxd = (inside - rx) if side == 0 else (aw - inside + rx)
        tt = np.linspace(0, 2 * math.pi, 60)
        poly = [apply_h(Hm, cxd + rx * math.cos(t_), ty + ry * math.sin(t_)) for t_ in tt]
        tim = Image.new("L", (Wf, Hf), 0)
        ImageDraw.Draw(tim).polygon(poly, fill=255)
        tm = np.asarray(tim.filter(ImageFilter.GaussianBlur(2)), np.float32)[..., None] / 255.0
        skin_img = skin[None, None, :] * (0.9 + 0.15 * lowfreq(rng, Hf, Wf, (3, 3))[..., None])
        img = img * (1 - tm) + skin_img * tm
        deg["thumb"] = {"side": "left" if side == 0 else "right", "atDocFracY": round(ty / ah, 3),
                        "overlapDocFrac": round(inside / aw, 3)}
    # uneven lighting
    yy, xx = np.mgrid[0:Hf, 0:Wf].astype(np.float32)
    if light:
        lt = pick(rng, ["gradient", "vignette", "both"])
        L = np.ones((Hf, Wf), np.float32)
        info = {"type": lt}
        if lt in ("gradient", "both"):
            g = mag(0.45)
            ang = rng.uniform(0, 2 * math.pi)
            proj = ((xx - Wf / 2) * math.cos(ang) + (yy - Hf / 2) * math.sin(ang)) / (0.5 * max(Wf, Hf))
            L *= 1 + g * proj
            info.update(gradientStrength=round(g, 3), gradientAngleDeg=round(math.degrees(ang), 1))
        if lt in ("vignette", "both"):
            v = mag(0.5)
            r2 = ((xx - Wf / 2) / (Wf / 2)) ** 2 + ((yy - Hf / 2) / (Hf / 2)) ** 2
            L *= 1 - v * r2 / 2
            info.update(vignetteStrength=round(v, 3))
        img = img * L[..., None]
        deg["lighting"] = info
    else:
        deg["lighting"] = None
    # specular glare: centred above the MRZ, so it can touch but never cover the MRZ entirely
    if glare:
        gy_max = (mb[1] - 0.03 * ah) if mb else 0.92 * ah
        gx = rng.uniform(0.1, 0.9) * aw
        gy = rng.uniform(0.06 * ah, max(0.07 * ah, gy_max))
        sig = rng.uniform(0.05, 0.13) * sw
        inten = mag(1.0) * 0.9 + 0.15
        px_, py_ = apply_h(Hm, gx, gy)
        ell = rng.uniform(1.0, 2.2)
        ga = rng.uniform(0, math.pi)
        dx, dy_ = xx - px_, yy - py_
        u = dx * math.cos(ga) + dy_ * math.sin(ga)
        v = -dx * math.sin(ga) + dy_ * math.cos(ga)
        G = np.exp(-(u ** 2 / (2 * (sig * ell) ** 2) + v ** 2 / (2 * sig ** 2)))
        img = img + inten * 255 * G[..., None]
        cov = None
        if mb:
            # fraction of the MRZ box (in photo coords, sampled) where the glare adds > 60 levels
            pts = []
            for fy in np.linspace(0, 1, 6):
                for fx in np.linspace(0, 1, 40):
                    X, Y = apply_h(Hm, mb[0] + fx * (mb[2] - mb[0]), mb[1] + fy * (mb[3] - mb[1]))
                    xi, yi = int(min(Wf - 1, max(0, X))), int(min(Hf - 1, max(0, Y)))
                    pts.append(inten * 255 * G[yi, xi] > 60)
            cov = round(float(np.mean(pts)), 3)
        deg["glare"] = {"centerPx": [round(px_, 1), round(py_, 1)], "centerDocFrac": [round(gx / aw, 3),
                                                                                      round(gy / ah, 3)],
                        "sigmaPx": round(sig, 1), "elongation": round(ell, 2), "intensity": round(inten, 3),
                        "mrzCoverageFrac": cov}
    else:
        deg["glare"] = None
    img = np.clip(img, 0, 255)
    out = Image.fromarray(img.astype(np.uint8), "RGB")
    if defocus > 0:
        out = out.filter(ImageFilter.GaussianBlur(defocus))
    deg["defocusRadius"] = round(defocus, 3)
    arr = np.asarray(out, dtype=np.float32)
    if mblur >= 0.5:
        ang = rng.uniform(0, math.pi)
        arr = motion_blur(arr, mblur, ang)
        deg["motionBlur"] = {"lengthPx": round(mblur, 2), "angleDeg": round(math.degrees(ang), 1)}
    else:
        deg["motionBlur"] = None
    if noise > 0:
        arr = arr + rng.normal(0, noise, arr.shape).astype(np.float32)
    deg["noiseSigma"] = round(noise, 2)
    out = Image.fromarray(np.clip(arr + 0.5, 0, 255).astype(np.uint8), "RGB")
    deg["jpegQuality"] = jpegq
    deg["finalSize"] = [Wf, Hf]
    deg["docScale"] = round(k, 4)
    deg["docWidthFracOfImage"] = round(spanx * shrink / Wf, 3)
    deg["mrzPitchPx"] = round(pitch_px * shrink, 2) if mrz_box is not None else None
    deg["render"] = render
    buf = io.BytesIO()
    out.save(buf, "JPEG", quality=jpegq)
    return buf.getvalue(), deg


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------

MIX = [("TD3", 0.30), ("TD1", 0.20), ("TD2", 0.15), ("FAIL", 0.15), ("VISA", 0.10), ("NONE", 0.10)]


def allocate(count, rng):
    raw = [(k, p * count) for k, p in MIX]
    n = {k: int(math.floor(v)) for k, v in raw}
    rest = count - sum(n.values())
    order = sorted(raw, key=lambda kv: -(kv[1] - math.floor(kv[1])))
    for i in range(rest):
        n[order[i % len(order)][0]] += 1
    kinds = [k for k, _ in MIX for _ in range(n[k])]
    perm = rng.permutation(len(kinds))
    return [kinds[i] for i in perm]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--only", choices=[k for k, _ in MIX], help="every document of this kind")
    args = ap.parse_args()
    if args.only:
        MIX[:] = [(args.only, 1.0)]
    os.makedirs(args.out, exist_ok=True)
    kinds = allocate(args.count, np.random.default_rng([args.seed, 7777777]))
    docs = []
    nfail = 0
    for i, kind in enumerate(kinds):
        rng = np.random.default_rng([args.seed, i])
        spec = make_spec(rng, kind, nfail)
        nfail += kind == "FAIL"
        ppm = float(rng.uniform(8, 16)) if kind != "NONE" else float(rng.uniform(8, 13))
        r = rng.random()
        severity = 0.0 if r < 0.08 else float(rng.uniform(0.0, 1.0))
        num = "%04d" % (i + 1)
        if kind == "NONE":
            doc_img, mbox, render, note = render_nomrz(spec, rng, ppm)
        else:
            doc_img, mbox, render = render_mrz_document(spec, rng, ppm)
            note = None
        data, deg = photograph(doc_img, mbox, rng, severity, render)
        tag = {"TD3": "td3", "TD1": "td1", "TD2": "td2", "FAIL": "fail", "VISA": "visa", "NONE": "nomrz"}[kind]
        fname = "%s_%s.jpg" % (num, tag)
        with open(os.path.join(args.out, fname), "wb") as fh:
            fh.write(data)
        Wf, Hf = deg["finalSize"]
        image = {"file": fname, "side": "back" if spec.get("format") == "TD1" else "front", "capture": "photo",
                 "width": Wf, "height": Hf, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                 "notes": "synthetic phone photo, severity %.2f" % deg["severity"] +
                          ("; MRZ side of the card only" if spec.get("format") == "TD1" else ""),
                 "degradation": deg}
        did = "%s-%s-%s" % (SET_NAME, num, tag)
        if kind == "NONE":
            doc = {"id": did, "group": "%s-h%s" % (SET_NAME, num), "documentType": "none",
                   "documentKind": "other", "expectedOutcome": "no_mrz", "images": [image], "expected": None,
                   "notes": "Not an identity document (%s); expected: no MRZ found." % note}
        else:
            fmt = spec["format"]
            lines = spec["lines"]
            res = check_results(fmt, lines)
            allok = all(res.values())
            outcome = {"FAIL": "checks_fail", "VISA": "unsupported_document"}.get(kind, "read")
            exp = expected_from_lines(fmt, lines)
            if fmt in ("MRVA", "MRVB"):
                exp["personalNumber"] = None  # visas: no personal-number field (as in the shared labels)
            assert allok == (kind != "FAIL")
            assert exp["expiredOnReferenceDate"] == spec["expired"] or kind == "FAIL"
            doc = {"id": did, "group": "%s-h%s" % (SET_NAME, num), "documentType": fmt,
                   "documentKind": spec["dkind"], "expectedOutcome": outcome, "images": [image],
                   "mrz": {"format": fmt, "lines": lines, "transcription": "generated (synthetic, exact by "
                                                                           "construction)",
                           "checkDigitsValid": res, "allCheckDigitsValid": allok},
                   "expected": exp}
            notes = []
            if kind == "FAIL":
                doc["mutation"] = spec["mutation"]
                notes.append("Check digit(s) %s fail as printed (one MRZ character changed after computing "
                             "them, %s line %d col %d %s->%s). Expected fields are the MRZ as printed; the "
                             "reader must not accept fields whose check digit fails." % (
                                 "+".join(spec["mutation"]["failingCheckDigits"]), spec["mutation"]["field"],
                                 spec["mutation"]["line"], spec["mutation"]["column"], spec["mutation"]["from"],
                                 spec["mutation"]["to"]))
                if spec["true_lines"] != lines:
                    doc["mrz"]["linesBeforeMutation"] = spec["true_lines"]
            if kind == "VISA":
                notes.append("Visa (%s): not an identity document; expected rejection as wrong document type."
                             % ("MRV-A" if fmt == "MRVA" else "MRV-B"))
            if exp["expiredOnReferenceDate"]:
                notes.append("Expired on the reference date: a correct service declines it (document_expired);"
                             " fields are still ground truth.")
            viz_sn = spec["who"]["surname"].upper()
            viz_gn = spec["who"]["given"].upper()
            notes.append("VIZ name: %s / %s" % (viz_sn, viz_gn or "-"))
            doc["notes"] = " ".join(notes)
        docs.append(doc)
        print("%s %-22s %s" % (fname, doc["documentType"] + "/" + doc["expectedOutcome"],
                               deg["severity"]), flush=True)
    labels = {"schema": "kyc-document-labels/1", "set": SET_NAME, "split": "synthetic",
              "referenceDate": REF_DATE.isoformat(),
              "source": {"generator": "indep2/gen.py (independent synthetic generator, ICAO Doc 9303)",
                         "seed": args.seed, "count": args.count,
                         "licence": "synthetic data, fictitious persons; no third-party content"},
              "conventions": "Follows the shared documents README (kyc-document-labels/1). Each image is one "
                             "evaluation case against its document's \"expected\" object. images[].degradation "
                             "records the simulated capture effects.",
              "documents": docs}
    with open(os.path.join(args.out, "labels.json"), "w", encoding="utf-8") as fh:
        json.dump(labels, fh, indent=1, ensure_ascii=False)
        fh.write("\n")


if __name__ == "__main__":
    main()
