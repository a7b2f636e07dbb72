"""The forum / Q&A profile of the default cascade on small thread pages written here with generic markup (no
site's names): every post in order, posts marked up as comments or replies included, the posts' chrome out.

Each page is extracted with the kind given as a hint, as a caller that knows the kind (or the page-kind
judgement) passes it; every test failed before the rule it tests.
"""

from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html

NAV = """<header><nav><ul><li><a href="/">Forums</a></li><li><a href="/new">New posts</a></li>
<li><a href="/members">Members</a></li><li><a href="/help">Help</a></li></ul></nav></header>"""
FOOTER = """<footer><p>Community software by a vendor. Terms and rules, privacy policy and cookies apply to every
page of this forum.</p></footer>"""


def extract(body: str, kind: str | None = "forum"):
    html = f"<html><head><title>A thread</title></head><body>{NAV}{body}{FOOTER}</body></html>"
    return DefaultExtractor().extract(parse_html(html, "https://example.org/threads/a-thread.1"), kind=kind)


def positions_in(text: str, marks: list[str]) -> list[int]:
    return [text.find(mark) for mark in marks]


def each_post_named_comment() -> str:
    """A thread whose every post, the opening one too, sits in its own container named "comment", none of which
    holds half of the page's running text (forum software that reuses its comment widget for posts), below the
    board's own description (running text outside the posts)."""
    posts = "".join(
        f"<div class='comment-entry'><div class='comment-author'><a href='/u/{n}'>member{n}</a></div>"
        f"<div class='comment-text'><p>Post {n}. The pump on my old boiler hums loudly after the service, and the "
        f"engineer says it is the bearing wearing out, which costs more than a new pump would.</p></div></div>"
        for n in range(5))
    about = ("<div class='board-about'><p>About this board: questions on heating, boilers, radiators and hot water, "
             "answered by members and by the engineers who volunteer here in their spare time.</p><p>Before you "
             "post, search the board: most questions about noisy pumps and cold radiators have been answered.</p>"
             "<p>Be kind to each other, give the make and model of your boiler, and say what you have tried so far, so "
             "that the people who answer do not have to ask.</p></div>")
    return f"<main>{about}<h1>Boiler pump hums</h1><div class='thread'>{posts}</div></main>"


def test_every_post_named_comment_is_kept_in_order_on_a_forum_page():
    article = extract(each_post_named_comment())
    found = positions_in(article.text, [f"Post {n}." for n in range(5)])
    assert -1 not in found and found == sorted(found)


def test_posts_named_comment_stay_furniture_under_an_article():
    article_body = "".join(f"<p>Paragraph {n} of the story: the council voted to keep the library open for another "
                           "year, with volunteers running it on the weekends and the town paying the rent.</p>"
                           for n in range(6))
    article = extract(f"<main><article><h1>Library stays open</h1>{article_body}</article>"
                      f"{each_post_named_comment()}</main>", "article")
    assert "Paragraph 5 of the story" in article.text and "Post 0." not in article.text


def test_comments_under_a_question_and_its_answers_stay_out_of_a_qa_page():
    # the posts (question, answers) are not named for comments; the short remarks under each are, and hold little
    # (a guard: it failed on a first version of the rule that let comment words name no furniture on any thread)
    def remarks(n: int) -> str:
        return "".join(f"<li class='comment'><span class='comment-copy'>Remark {n}.{m}: did you try it with the "
                       "laptop on battery power as well?</span></li>" for m in range(2))

    def post(n: int, role: str) -> str:
        body = "".join(f"<p>{role} {n}, part {m}. Windows keeps the focus on the address bar after it opens a "
                       "folder; pressing the tab key a few times moves it to the list of files, and the arrow "
                       "keys then select them one by one.</p>" for m in range(3))
        return f"<div class='post'><div class='post-body'>{body}</div><ul class='comments'>{remarks(n)}</ul></div>"

    answers = "".join(post(n, "Answer") for n in range(1, 4))
    article = extract(f"<main><h1>Focus the file list</h1>{post(0, 'Question')}<div class='answers'>{answers}"
                      "</div></main>")
    assert all(f"Answer {n}, part 2." in article.text for n in range(1, 4)) and "Question 0, part 0." in article.text
    assert "Remark" not in article.text


def board_with_alternating_rows() -> str:
    """An old-style board: each post a <div> whose classes alternate from row to row (a shared base word plus
    "row-odd" / "row-even"), the opening post with one more class; its heading and date sit above its body,
    wrapped in layers as board templates do, and every post has its row of linked actions (too many links for the
    container to climb over the posts)."""
    def post(n: int, row: str, text: str, extra: str = "") -> str:
        return (f"<div class='entry {row}{extra}'><div class='inner'><div class='entry-main'><h3>Re: Garden shed "
                f"roof leaks</h3><p class='when'>posted by <a href='/u/{n}'>member{n}</a> on day {n}</p><div "
                f"class='entry-body'><p>{text}</p></div><ul class='actions'><li><a href='/quote'>Quote this post</a>"
                "</li><li><a href='/report'>Report this post</a></li><li><a href='/pm'>Send a private message</a>"
                "</li></ul></div></div></div>")

    opening = post(0, "row-odd", "Opening post. The felt on my shed roof tore in the storm last week, water now drips "
                   "onto the workbench, and I wonder whether to patch the felt or to put corrugated sheets over the "
                   "whole roof before winter comes. The shed is ten years old and the boards still look sound.",
                   " entry-first")
    replies = "".join(post(n, "row-even" if n % 2 else "row-odd", f"Reply {n}. Patch it for now with a strip of "
                           "felt and roofing glue, then re-felt the whole roof on a dry weekend.") for n in range(1, 7))
    return f"<main><h1>Garden shed roof leaks</h1><div class='topic'>{opening}{replies}</div></main>"


def test_posts_whose_classes_alternate_from_row_to_row_are_all_kept_with_the_opening_posts_header():
    text = extract(board_with_alternating_rows()).text
    found = positions_in(text, ["posted by member0", "Opening post.", *(f"Reply {n}." for n in range(1, 7))])
    assert -1 not in found and found == sorted(found)


def test_user_cards_as_definition_lists_beside_each_post_are_left_out():
    # every post carries its author's card: a definition list of join date, post count and location
    def post(n: int) -> str:
        return (f"<div class='post'><dl class='card'><dt><a href='/u/{n}'>member{n}</a></dt><dd>Joined: Mon Mar "
                f"{n + 1}, 2021 3:58 pm</dd><dd>Posts: {n * 37 + 5}</dd><dd>Location: Town number {n}</dd></dl>"
                f"<div class='body'><p>Reply {n}. Turn the valve a quarter turn to the left, bleed the radiator from "
                "the top corner, and check the pressure gauge on the boiler again.</p></div></div>")

    text = extract(f"<main><h1>Cold radiator</h1><div class='thread'>{''.join(post(n) for n in range(5))}</div>"
                   "</main>").text
    assert all(f"Reply {n}." in text for n in range(5))
    assert "Joined" not in text and "Location" not in text


def test_a_definition_list_inside_one_post_stays():
    glossary = ("<dl><dt>Bleed valve</dt><dd>the small square nut at the top corner of a radiator</dd><dt>Gauge</dt>"
                "<dd>the dial on the boiler that shows the water pressure in bar</dd></dl>")
    posts = "".join(f"<div class='post'><div class='body'><p>Reply {n}. Turn the valve a quarter turn to the left, "
                    f"bleed the radiator from the top corner, and check the pressure.</p>{glossary if n == 0 else ''}"
                    "</div></div>" for n in range(5))
    text = extract(f"<main><h1>Cold radiator</h1><div class='thread'>{posts}</div></main>").text
    assert "the small square nut at the top corner" in text


def thread_whose_longest_post_is_a_reply() -> str:
    """The opening post in markup of its own, the replies alike, and one reply longer than the question: the
    container rule picks that reply's body and the replies join it."""
    def reply(n: int, sentences: int) -> str:
        text = " ".join(f"Sentence {m} of reply {n}: a metal detector finds iron nails as well as coins, so dig "
                        "carefully and keep a magnet in your pocket." for m in range(sentences))
        return (f"<article class='message'><div class='message-cell'><div class='message-inner'><div "
                f"class='message-content'><p>Reply {n}. {text}</p></div></div></div>"
                f"<div class='message-footer'><a href='/like'>Like</a> <a href='/quote'>Quote</a></div></article>")

    opening = ("<div class='thread-start'><div class='starter-inner'><div class='starter-body'><p>Opening question. I "
               "bought my first metal detector last month and every signal in my garden turns out to be a nail; "
               "which settings should a beginner use to find coins instead?</p></div></div></div>")
    replies = "".join(reply(n, 8 if n == 3 else 1) for n in range(1, 6))
    return f"<main><h1>Detector settings</h1>{opening}<div class='replies'>{replies}</div></main>"


def test_the_opening_post_in_markup_of_its_own_is_kept_before_the_replies():
    text = extract(thread_whose_longest_post_is_a_reply()).text
    found = positions_in(text, ["Opening question.", *(f"Reply {n}." for n in range(1, 6))])
    assert -1 not in found and found == sorted(found)


def test_a_site_notice_above_the_thread_title_is_not_taken_for_the_opening_post():
    notice = ("<div class='notice'><p>Site notice. Our regional meetups are back this spring: members in several "
              "regions have met already, others are planning their first one, and the organisers would like to hear "
              "from anyone who can host a meetup, lend a room, bring a projector or simply come along and say hello "
              "to the other members of this community.</p></div>")
    text = extract(notice + thread_whose_longest_post_is_a_reply()).text
    assert "Opening question." in text and "Site notice." not in text


def test_linked_action_items_and_bare_counts_every_post_repeats_are_left_out_and_a_posts_own_list_stays():
    # each post's actions are a list of linked items ("Reply with quote", "Report") beside a reaction count; a
    # post's own enumeration (not linked) is content even when other posts repeat its lines
    def post(n: int) -> str:
        return (f"<div class='post'><div class='body'><p>Reply {n}. The tent pegs that came with it bend in hard "
                "ground; buy a set of steel ones and a rubber mallet before the trip.</p><ul><li>Steel pegs</li>"
                "<li>Rubber mallet</li></ul></div><ul class='actions'><li><a href='/quote'>Reply with quote</a></li>"
                f"<li><a href='/report'>Report</a></li></ul><ul class='reactions'><li>{n + 2}</li></ul></div>")

    text = extract(f"<main><h1>Tent pegs</h1><div class='thread'>{''.join(post(n) for n in range(5))}</div>"
                   "</main>").text
    assert all(f"Reply {n}." in text for n in range(5)) and "Steel pegs" in text
    assert "Reply with quote" not in text and "Report" not in text
    assert not any(line.strip().isdigit() for line in text.splitlines())


def test_a_question_with_one_answer_keeps_both_posts_with_their_headers():
    # two posts of one markup: the question and its only answer, each a header (author, date) above its body
    def post(n: int, text: str) -> str:
        return (f"<article class='topic-post'><div class='post-head'><a href='/u/{n}'>member{n}</a> wrote on day {n}"
                f"</div><div class='post-wrap'><div class='post-main'><div class='post-text'><p>{text}</p></div></div>"
                f"</div><div class='post-actions'><a href='/like'>Like</a></div></article>")

    question = post(0, "Question post. My sourdough starter smells of nail varnish after a week in the fridge; is it "
                       "spoiled, or does it only need feeding more often at room temperature?")
    answer = post(1, "Answer post. That smell is hunger, not spoilage: feed it twice a day for a few days.")
    text = extract(f"<main><h1>Sourdough starter smell</h1><div class='posts'>{question}{answer}</div></main>").text
    found = positions_in(text, ["member0 wrote", "Question post.", "member1 wrote", "Answer post."])
    assert -1 not in found and found == sorted(found)


def quoting_thread(quote_of_an_earlier_page: bool = False) -> str:
    """Posts that quote the post before them in a <blockquote> above their own words; the first reply quotes a
    post of an earlier page of the thread when asked (words found nowhere else on this page)."""
    def words(n: int) -> str:
        return (f"Post {n} text: the dough {n} rose overnight in the fridge, but it spread flat in the oven and came "
                f"out dense in the middle, so batch {n} went to the birds.")

    def post(n: int) -> str:
        quoted = ("Earlier page post: kiln firing at cone six cracked three glazed mugs along their handles."
                  if n == 1 and quote_of_an_earlier_page else words(n - 1))
        quote = "" if n == 0 else f"<blockquote class='quote'><div>member{n - 1} said:</div>{quoted}</blockquote>"
        return (f"<div class='post'><div class='post-body'>{quote}Reply {n}. "
                f"{words(n) if n else words(0)}</div></div>")

    return f"<main><h1>Dense bread</h1><div class='thread'>{''.join(post(n) for n in range(5))}</div></main>"


def test_a_quotation_of_a_post_the_page_already_holds_is_left_out_and_the_reply_kept():
    text = extract(quoting_thread()).text
    assert all(f"Reply {n}." in text for n in range(5))
    assert "said:" not in text and all(text.count(f"Post {n} text:") == 1 for n in range(5))


def test_a_quotation_of_a_post_not_on_the_page_stays():
    text = extract(quoting_thread(quote_of_an_earlier_page=True)).text
    assert "Earlier page post: kiln firing" in text


def test_posts_whose_whole_body_is_a_blockquote_stay():
    # older board software marks up every post's body as a <blockquote>, with nothing beside it (a guard: it fails
    # when every blockquote of a thread is taken for a quotation, QUOTED_SHARE 0)
    posts = "".join(f"<div class='post'><div class='author'>member{n}</div><div class='message'><blockquote "
                    f"class='message-text'>Reply {n}. The chain skips on the smallest rear cog because the cable "
                    "has stretched; give the barrel adjuster a half turn out.</blockquote></div></div>"
                    for n in range(5))
    text = extract(f"<main><h1>Chain skips</h1><div class='thread'>{posts}</div></main>").text
    assert all(f"Reply {n}." in text for n in range(5))


def test_an_article_with_a_large_comment_section_keeps_its_comments_out_even_judged_a_thread():
    # a blog's "open thread" post: its comments hold most of the page's running text and the page's title says
    # thread, but the page declares itself an article (og:type), so the comments are not its content
    comments = "".join(f"<li class='comment'><div class='comment-author'>reader{n} said:</div><div "
                       f"class='comment-body'><p>Comment {n}. I would like to know how the charity measures the "
                       "effect of its programme on school attendance, and whether the figures were checked by "
                       "anyone outside the organisation.</p></div></li>" for n in range(8))
    post = ("<article class='post'><h1>September open thread</h1><p>Our goal with these open threads is to give "
            "readers a place to raise questions about our research; you are also welcome to email us or to ask for a "
            "call with our staff.</p><p>Questions about the charities we recommend, the way we estimate their cost "
            "per outcome, and the research we have not published yet are all welcome here; we answer each one within "
            "a week or two.</p></article>")
    body = f"<main>{post}<div class='comments-area'><ol class='comment-list'>{comments}</ol></div></main>"
    html = (f"<html><head><title>September open thread</title><meta property='og:type' content='article'></head>"
            f"<body>{NAV}{body}{FOOTER}</body></html>")
    text = DefaultExtractor().extract(parse_html(html, "https://example.org/2026/09/open-thread"), kind="forum").text
    assert "Our goal with these open threads" in text and "Comment 3." not in text
