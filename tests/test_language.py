from crawler.extractors.document.language import classify, identify_language
from crawler.extractors.document.parse import TextBlock


def test_scripts_decide_between_chinese_japanese_and_korean():
    assert classify("国务院新闻办公室今天举行新闻发布会，介绍经济运行情况。" * 2) == "zh"
    assert classify("東京で会議が開かれました。政府は新しい政策を発表しました。" * 2) == "ja"
    assert classify("서울에서 열린 회의에서 정부는 새로운 정책을 발표했습니다." * 2) == "ko"


def test_latin_languages_are_identified():
    assert classify("The council approved the new budget on Tuesday after a long debate about schools.") == "en"
    assert classify("Der Stadtrat hat am Dienstag nach einer langen Debatte den neuen Haushalt beschlossen.") == "de"


def test_short_text_falls_back_to_the_declared_language():
    assert classify("Hi") is None
    assert identify_language([TextBlock.from_text("Hi there")], "fr-FR") == "fr"
    assert identify_language([], None) is None


def test_link_lists_do_not_decide_the_language():
    nav = TextBlock.from_text("Home News Sport Weather Contact About Privacy Terms " * 5, linked=True)
    body = TextBlock.from_text("Le conseil municipal a adopté mardi le nouveau budget après un long débat.")
    assert identify_language([nav, body]) == "fr"


def test_the_sample_is_the_start_of_the_longest_blocks():
    # A story's first few hundred characters name its language; what its longest block carries after them (a
    # cookie notice in the site's own language, a quoted passage) does not weigh in.
    story = ("The council approved the new budget on Tuesday after a long debate about schools, roads and the "
             "harbour, and the mayor said the vote would let the city hire more teachers next year. ") * 2
    notice = ("Wir verwenden Cookies, um Ihnen das beste Nutzererlebnis bieten zu können. Wenn Sie diese Website "
              "weiterhin nutzen, stimmen Sie der Verwendung von Cookies und unserer Datenschutzerklärung zu. ") * 6
    assert len(story) < 400
    assert identify_language([TextBlock.from_text(story + notice)]) == "en"
