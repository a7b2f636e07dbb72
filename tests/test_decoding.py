import pytest

from crawler.extractors.document.decoding import decode_html
from crawler.extractors.document.parse import parse_html

CHINESE = "<html><head><meta charset='{charset}'><title>{title}</title></head><body><p>{text}</p></body></html>"
TEXT_ZH = "北京时间今天上午，国务院新闻办公室举行新闻发布会，介绍经济运行情况。"


@pytest.mark.parametrize("charset", ["gbk", "gb2312", "gb18030", "big5", "utf-8"])
def test_declared_chinese_encodings(charset):
    text, title = (TEXT_ZH, "新闻") if charset != "big5" else ("臺北市政府今天舉行記者會說明颱風災情。", "新聞")
    data = CHINESE.format(charset=charset, title=title, text=text).encode(charset if charset != "gb2312" else "gbk")
    assert text in decode_html(data).text


def test_http_header_wins_over_meta():
    data = CHINESE.format(charset="iso-8859-1", title="新闻", text=TEXT_ZH).encode("gbk")
    decoded = decode_html(data, content_type="text/html; charset=GBK")
    assert TEXT_ZH in decoded.text
    assert decoded.source == "http-header"


def test_utf8_declared_as_latin1_is_read_as_utf8():
    data = "<html><head><meta charset='iso-8859-1'></head><body><p>Café — naïve</p></body></html>".encode()
    decoded = decode_html(data)
    assert "Café — naïve" in decoded.text
    assert decoded.source == "utf-8-override"


def test_undeclared_encodings_are_detected():
    samples = [
        (TEXT_ZH * 3, "gb18030"),
        ("日本語のニュース記事です。東京で会議が開かれました。" * 3, "shift_jis"),
        ("서울에서 열린 회의에서 정부는 새로운 정책을 발표했습니다." * 3, "euc-kr"),
    ]
    for text, codec in samples:
        data = f"<html><body><p>{text}</p></body></html>".encode(codec)
        assert text in decode_html(data).text, codec


def test_wrong_declaration_falls_back_to_detection():
    data = CHINESE.format(charset="utf-8", title="新闻", text=TEXT_ZH * 4).encode("gbk")
    assert TEXT_ZH in decode_html(data).text


def test_windows_1252_page():
    data = "<html><head><meta charset='windows-1252'></head><body><p>Smart “quotes” and €</p></body></html>"
    assert "“quotes” and €" in decode_html(data.encode("cp1252")).text


def test_bom_wins():
    data = "\ufeff<html><body><p>Grüße</p></body></html>".encode("utf-8")
    decoded = decode_html(data, content_type="text/html; charset=latin-1")
    assert "Grüße" in decoded.text and decoded.source == "bom"


def test_parse_html_decodes_bytes_end_to_end():
    doc = parse_html(CHINESE.format(charset="gbk", title="新闻", text=TEXT_ZH).encode("gbk"))
    assert doc.title == "新闻"
    assert doc.blocks[0].text == TEXT_ZH
    assert doc.encoding in {"gbk", "gb18030"}


def test_utf8_page_with_stale_gbk_declaration_is_read_as_utf8():
    page = CHINESE.format(charset="gb2312", title="新闻", text=TEXT_ZH)
    decoded = decode_html(page.encode("utf-8"))
    assert TEXT_ZH in decoded.text and decoded.encoding == "utf-8"


@pytest.mark.parametrize(("content_type", "source"), [(None, "meta"), ("text/html; charset=utf-8", "http-header")])
def test_declared_utf8_is_decoded_once_with_its_source(monkeypatch, content_type, source):
    # a UTF-8 page declared UTF-8 is the common case: its text comes from one decode, not from w3lib decoding again
    import crawler.extractors.document.decoding as decoding

    def no_second_decode(*args, **kwargs):
        raise AssertionError("decoded twice")

    monkeypatch.setattr(decoding, "html_to_unicode", no_second_decode)
    data = "<html><head><meta charset='utf-8'></head><body><p>Grüße aus Köln — 北京</p></body></html>".encode()
    decoded = decode_html(data, content_type=content_type)
    assert decoded.text == data.decode("utf-8")
    assert (decoded.encoding, decoded.source) == ("utf-8", source)


def test_declared_utf8_with_many_replacement_characters_still_goes_through_detection():
    data = ("<html><head><meta charset='utf-8'></head><body><p>" + "\ufffd" * 200 + " text</p></body></html>").encode()
    assert decode_html(data).encoding == "utf-8"


# One page of each class of encoding declaration: the prefilter must give w3lib's answer on each.
DECLARATION_PAGES = {
    "bom": ("\ufeff<html><head><meta charset='utf-8'></head><body><p>Grüße</p></body></html>".encode(), "utf-8"),
    "meta charset": (b"<html><head><META CharSet=\"ISO-8859-2\"></head><body>x</body></html>", "iso8859-2"),
    "http-equiv": (b"<html><head><meta http-equiv='Content-Type' content='text/html; charset=windows-1251'>"
                   b"</head><body>x</body></html>", "cp1251"),
    "xml declaration": (b"<?xml version='1.0' ENCODING='shift_jis'?><html><body>x</body></html>", "cp932"),
    "none": (b"<html><head><title>t</title></head><body><p>plain</p></body></html>", None),
    "gbk": (CHINESE.format(charset="gbk", title="新闻", text=TEXT_ZH).encode("gbk"), "gb18030"),
    "big5": (CHINESE.format(charset="big5", title="新聞", text="臺北市政府").encode("big5"), "big5hkscs"),
    "charset only in a comment": (b"<html><head><!-- <meta charset='koi8-r'> --></head><body>x</body></html>",
                                  None),
    "charset only in the body": (b"<html><head></head><body><meta charset='koi8-r'>x</body></html>", None),
    "charset word in a script": (b"<html><head><script>var charset = 1;</script></head><body>x</body></html>",
                                 None),
    "declaration past the scanned head": (b"<html><head>" + b" " * 4096 + b"<meta charset='koi8-r'></head>", None),
}


@pytest.mark.parametrize("name", sorted(DECLARATION_PAGES))
def test_declaration_prefilter_gives_w3libs_answer(name):
    from w3lib.encoding import html_body_declared_encoding

    from crawler.extractors.document.decoding import body_declared_encoding

    data, expected = DECLARATION_PAGES[name]
    assert html_body_declared_encoding(data) == expected  # the page is of its class for w3lib itself
    assert body_declared_encoding(data) == expected


def test_declaration_prefilter_skips_w3lib_on_a_head_without_the_words(monkeypatch):
    import crawler.extractors.document.decoding as decoding

    def no_scan(data):
        raise AssertionError("scanned")

    monkeypatch.setattr(decoding, "html_body_declared_encoding", no_scan)
    assert decoding.body_declared_encoding(DECLARATION_PAGES["none"][0]) is None
    # the words far past the head do not matter either: w3lib reads the head alone
    assert decoding.body_declared_encoding(DECLARATION_PAGES["declaration past the scanned head"][0]) is None
    with pytest.raises(AssertionError, match="scanned"):
        decoding.body_declared_encoding(DECLARATION_PAGES["meta charset"][0])


def test_no_latin1_character_lowers_to_ascii():
    # w3lib reads the head as Latin-1 and lower-cases it; bytes.lower() lower-cases ASCII alone, so the byte search
    # finds every "charset" and "encoding" w3lib's lower-cased text holds only if no other character lowers to ASCII
    assert not [code for code in range(0x80, 0x100) if any(c.isascii() for c in chr(code).lower())]


@pytest.mark.parametrize("declaration", [b'<meta charset="utf-8">', b'<meta http-equiv="Content-Type" '
                                         b'content="text/html; charset=UTF-8">'])
def test_an_ascii_page_declared_utf8_is_its_own_utf8_bytes(declaration):
    # Pure ASCII bytes are their own UTF-8 encoding: the parse reads them as they are, not a copy encoded again.
    page = b"<html><head>" + declaration + b"<title>Quay</title></head><body><p>The quay reopens.</p></body></html>"
    decoded = decode_html(page)
    assert (decoded.text, decoded.encoding, decoded.source) == (page.decode("ascii"), "utf-8", "meta")
    assert decoded.exact_utf8
