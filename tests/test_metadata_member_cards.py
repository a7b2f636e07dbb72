"""A forum thread whose posts' member cards show the names as plain text (a guest's view, profiles hidden): the
first post's card names the thread's starter; a news story's comment cards, one card alone, or a card without its
statistics name nobody."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
POST = ("<p>My pond pump stops after about an hour of running and only starts again once it has cooled down. The "
        "filter is clean and the hose is not kinked, so I wonder whether the motor is failing.</p>")
REPLY = ("<p>Check the impeller for sand. Mine did the same last summer and a rinse fixed it for good, the motor "
         "was fine all along.</p>")


def _fluxbb_post(number: int, name: str, rank: str, registered: str, posts: str, body: str,
                 stats: str = "") -> str:
    card = stats or (f"<dd><span>Registered: {registered}</span></dd><dd><span>Posts: {posts}</span></dd>")
    return (f"<div id='p{number}' class='blockpost'><h2><span>#{number} 2024-03-0{number} 14:3{number}:00</span></h2>"
            f"<div class='postbody'><div class='postleft'><dl><dt><strong>{name}</strong></dt>"
            f"<dd class='usertitle'><strong>{rank}</strong></dd>{card}</dl></div>"
            f"<div class='postright'><h3>{'' if number == 1 else 'Re: '}Pond pump stops after an hour</h3>"
            f"<div class='postmsg'>{body}</div></div>"
            "</div></div>")


def _thread(posts: str, lang: str = "en") -> str:
    return (f"<html lang='{lang}'><head><title>Pond pump stops after an hour / Ponds / Garden Forums</title></head>"
            "<body><div id='brdheader'><h1><a href='/'>Garden Forums</a></h1><ul><li><a href='/'>Index</a></li>"
            "<li><a href='/register'>Register</a></li></ul><p>You are not logged in.</p></div>"
            f"<div class='linkst'><a href='/'>Index</a> » <a href='/f/3'>Ponds</a></div>{posts}"
            "<div id='brdfooter'><p>Powered by forum software</p></div></body></html>")


def _authors(html: str) -> list[str]:
    return extract_metadata_only(html.encode(), now=NOW).authors


def test_a_guest_view_threads_first_card_names_its_starter() -> None:
    posts = (_fluxbb_post(1, "pondguy", "Member", "2022-01-10", "152", POST)
             + _fluxbb_post(2, "Fish Fan", "Moderator", "2019-02-02", "2,045", REPLY))
    assert _authors(_thread(posts)) == ["pondguy"]


@pytest.mark.parametrize(("lang", "stats"), [
    # vBulletin's postbit: each label and its value in their own elements
    ("en", "<dd><dl><dt>Join Date</dt><dd>Jan 2022</dd><dt>Posts</dt><dd>152</dd></dl></dd>"),
    # XenForo's "Joined" and "Messages"
    ("en", "<dd>Joined: Jan 10, 2022</dd><dd>Messages: 152</dd>"),
    ("de", "<dd>Registriert seit: 10.01.2022</dd><dd>Beiträge: 152</dd>"),
    ("fr", "<dd>Inscrit le : 10/01/2022</dd><dd>Messages : 152</dd>"),
])
def test_the_cards_statistics_as_other_forum_programs_print_them(lang: str, stats: str) -> None:
    posts = (_fluxbb_post(1, "pondguy", "Member", "", "", POST, stats)
             + _fluxbb_post(2, "fishfan", "Member", "", "", REPLY, stats))
    assert _authors(_thread(posts, lang)) == ["pondguy"]


def test_one_card_alone_names_nobody() -> None:
    # a member's card without a reply under it: a profile box as much as a thread
    assert _authors(_thread(_fluxbb_post(1, "pondguy", "Member", "2022-01-10", "152", POST))) == []


def test_a_card_without_its_statistics_names_nobody() -> None:
    # a name and a rank alone: a quote's or a signature's box as much as a member's card
    posts = (_fluxbb_post(1, "pondguy", "Member", "", "", POST, "<dd>Online</dd>")
             + _fluxbb_post(2, "fishfan", "Member", "", "", REPLY, "<dd>Online</dd>"))
    assert _authors(_thread(posts)) == []


def test_a_news_storys_comment_cards_name_nobody() -> None:
    story = "".join(f"<p>{sentence} The council will decide on the plan at its meeting in May, after a public "
                    "hearing on the route and the cost of the new stops.</p>"
                    for sentence in ("The city presented a plan for three new bus routes on Tuesday.",
                                     "Residents of the northern suburbs have asked for better service for years.",
                                     "The transport office expects the first buses to run next spring."))
    comments = (_fluxbb_post(1, "busfan", "Reader", "2022-01-10", "152", REPLY)
                + _fluxbb_post(2, "commuter9", "Reader", "2019-02-02", "45", REPLY))
    html = ("<html lang='en'><head><title>City plans three new bus routes</title></head><body><main><article>"
            f"<h1>City plans three new bus routes</h1>{story}</article><section>{comments}</section></main>"
            "</body></html>")
    assert _authors(html) == []
