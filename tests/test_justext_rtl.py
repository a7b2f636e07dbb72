"""jusText on a right-to-left page whose boilerplate is in another language: each block is judged with the
stoplist of the language it is written in, so a Hebrew paragraph keeps its stopwords."""

from __future__ import annotations

from crawler.extractors import extract
from crawler.extractors.document.scripts import script_of
from crawler.extractors.justext.paragraphs import stoplist_script

HEBREW = [
    "משרד האוצר פרסם אמש את נתוני הגבייה לחודש האחרון, מהם עולה כי הכנסות המדינה ממסים גדלו בשיעור של שמונה "
    "אחוזים לעומת התקופה המקבילה אשתקד.",
    "ח״כ לוי, יו״ר ועדת החוץ והביטחון, נפגש עם הרמטכ״ל ועם ראש אמ״ן, ודרש מצה״ל ומהשב״כ דו״ח מפורט. רה״מ ושגריר "
    "ארה״ב עודכנו; מנכ״ל משרד רה״מ, היועמ״ש ונשיא בג״ץ קיבלו עותק, ומבקר המדינה ודובר צה״ל מסרו תגובה.",
    "כלכלנים בבנק ישראל הזהירו כי הנתונים אינם משקפים בהכרח מגמה ארוכת טווח, והמליצו לממשלה לנהוג באיפוק "
    "בהחלטות על הרחבת התקציב.",
    "השר אמר בתגובה כי הממשלה תמשיך לפעול להפחתת יוקר המחיה, וכי עודפי הגבייה ישמשו בין היתר לחיזוק מערכות "
    "הבריאות והחינוך בפריפריה.",
]
COOKIES = ("We use cookies and similar technologies to improve your experience on our website, to analyse traffic "
           "and to show you personalised content and advertising. By continuing to browse the site you agree to "
           "our use of cookies. You can change your settings at any time in the privacy centre.")


def rtl_page(paragraphs: list[str]) -> str:
    """A Hebrew article on a page whose cookie notice and footer are long English text (an international
    publisher's template): the page is identified as English."""
    article = "".join(f"<p>{text}</p>" for text in paragraphs)
    return ('<!DOCTYPE html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>נתוני הגבייה</title>'
            f'</head><body><div class="cookies"><p>{COOKIES}</p><p>{COOKIES}</p></div><article><h1>נתוני הגבייה</h1>'
            f'{article}</article><footer><p>{COOKIES}</p></footer></body></html>')


def test_hebrew_paragraphs_of_a_page_identified_as_english_are_kept():
    article = extract(rtl_page(HEBREW), extractor="justext")
    text = " ".join(article.text.split())
    assert [paragraph in text for paragraph in HEBREW] == [True] * 4


def test_the_english_boilerplate_is_still_judged_with_the_english_stoplist():
    # English prose passes jusText's stopword test: the cookie notice is judged as before, by its neighbours.
    article = extract(rtl_page(HEBREW), extractor="justext")
    assert article.text.count("We use cookies") == extract(rtl_page([]), extractor="justext").text.count(
        "We use cookies")


def test_script_of_a_text_and_of_a_stoplist():
    assert script_of(HEBREW[0]) == "HEBREW" and script_of(COOKIES) == "LATIN" and script_of("12, 34") is None
    assert stoplist_script("he") == "HEBREW" and stoplist_script("en") == "LATIN"
