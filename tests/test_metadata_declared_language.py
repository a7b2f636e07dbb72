"""The visible scan reads numeric dates in the language the page's metadata declares (JSON-LD inLanguage,
content-language, og:locale) when the page has no <html lang>: fastText identifies the text only when nothing
declares a language (issue 16)."""

from datetime import datetime, timezone

import pytest

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2025, 1, 1, tzinfo=timezone.utc)

# A photo page of a French outlet: a headline and the date line, too little text for fastText (under its 40
# characters). 03/04/2024 is 3 April in French; read month first it would be 4 March.
SHORT_FRENCH_PAGE = """<html><head><title>Le nouveau pont</title>{declares}</head><body>
<h1>Le nouveau pont</h1>
<p>Publié le 03/04/2024</p>
</body></html>"""

DECLARATIONS = {
    "og:locale": '<meta property="og:locale" content="fr_FR">',
    "content-language": '<meta http-equiv="content-language" content="fr">',
    "json-ld": '<script type="application/ld+json">{"@type": "VideoObject", "inLanguage": "fr-FR"}</script>',
}


@pytest.mark.parametrize("source", sorted(DECLARATIONS))
def test_a_short_page_reads_its_date_in_the_declared_language(source):
    doc = parse_html(SHORT_FRENCH_PAGE.format(declares=DECLARATIONS[source]), "https://example.org/video/pont")
    metadata = extract_metadata(doc, NOW)
    assert metadata.language == "fr"
    assert metadata.published == "2024-04-03"
    assert "language" not in doc.__dict__  # fastText was not asked


def test_without_a_declaration_the_identified_language_is_read():
    doc = parse_html(SHORT_FRENCH_PAGE.format(declares=""), "https://example.org/video/pont")
    metadata = extract_metadata(doc, NOW)
    assert doc.language is None  # too little text to identify
    assert metadata.language is None
    assert metadata.published == "2024-03-04"  # no language: month first, as before


def test_the_html_lang_still_comes_first():
    html = SHORT_FRENCH_PAGE.format(declares=DECLARATIONS["og:locale"]).replace("<html>", '<html lang="en-US">')
    doc = parse_html(html, "https://example.org/video/pont")
    metadata = extract_metadata(doc, NOW)
    assert metadata.language == "en"
    assert metadata.published == "2024-03-04"
