"""The per-kind report on a data set whose gold labels each page's kind (the modern set's layout)."""

import gzip
import json

from crawler.evaluation.by_kind import by_kind, main

ARTICLE = ("<html><body><nav><a href='/'>Home</a></nav><article>"
           + "<p>The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>" * 4
           + "</article></body></html>")
FORUM = ("<html><body><div itemscope itemtype='https://schema.org/DiscussionForumPosting'>"
         + "".join(f"<div class='comment'><p>Post {i}. I had the same problem with the driver after the update, "
                   "and rolling back fixed it.</p></div>" for i in range(4)) + "</div></body></html>")


def write_set(root):
    (root / "html").mkdir()
    truth = {}
    for page_id, html, kind in (("1", ARTICLE, "article"), ("2", FORUM, "forum")):
        (root / "html" / f"{page_id}.html.gz").write_bytes(gzip.compress(html.encode()))
        gold = "\n".join(line for line in html.replace("<p>", "\n").replace("</p>", "\n").split("\n")
                         if line.startswith(("The council", "Post")))
        truth[page_id] = {"articleBody": gold, "url": f"https://example.com/{page_id}", "page_type": kind}
    (root / "ground-truth.json").write_text(json.dumps(truth))


def test_one_line_per_kind_and_extractor(tmp_path):
    write_set(tmp_path)
    rows = by_kind(tmp_path, ["default", "lineblock"], [])
    assert [row[:3] for row in rows] == [
        ("(all)", "default", "2"), ("(all)", "lineblock", "2"),
        ("article", "default", "1"), ("article", "lineblock", "1"),
        ("forum", "default", "1"), ("forum", "lineblock", "1"),
    ]
    assert rows[4][3] == "1.000"  # the thread's posts are its content


def test_command_prints_a_table(tmp_path, capsys):
    write_set(tmp_path)
    assert main(["--dataset", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["kind", "extractor", "pages", "F1", "precision", "recall", "empty"]
    assert "forum" in out
