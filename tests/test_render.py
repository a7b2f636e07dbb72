"""Cleaned HTML and Markdown of the kept text, on hand-written pages with headings, lists, tables and code."""

from crawler.cli import main
from crawler.extractors import extract

PAGE = """<html><head><title>Guide</title></head><body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav>
<article class="post-content">
<h2>Installing the tool</h2>
<p>The tool installs with one command on every system that has a recent version of Python available.</p>
<p>Before you start, check the requirements listed below, which the installer also verifies for you.</p>
<ul>
  <li>Python 3.10 or newer, with pip</li>
  <li>About 50 MB of free disk space
    <ol><li>for the package itself</li><li>for its cache</li></ol>
  </li>
</ul>
<pre><code>pip install tool
tool --version</code></pre>
<blockquote>It just works, said one of the first users of the tool after a long day of testing.</blockquote>
<table>
  <tr><th>System</th><th>Status</th></tr>
  <tr><td>Linux</td><td>supported</td></tr>
  <tr><td>macOS | ARM</td><td>supported</td></tr>
</table>
<p>After the installation, run the tool once so that it can create its configuration file in your home.</p>
</article>
<footer><p>Copyright 2024 Example Tools Ltd. All rights reserved. Read our terms and privacy policy.</p></footer>
</body></html>"""


def test_markdown_keeps_structure():
    markdown = extract(PAGE).to_markdown()
    assert markdown.startswith("## Installing the tool\n\nThe tool installs with one command")
    items = "- Python 3.10 or newer, with pip\n- About 50 MB of free disk space\n  1. for the package itself\n"
    assert items in markdown
    assert "```\npip install tool\ntool --version\n```" in markdown
    assert "> It just works" in markdown
    assert "| System | Status |\n| --- | --- |\n| Linux | supported |\n| macOS \\| ARM | supported |" in markdown
    assert markdown.endswith("create its configuration file in your home.")
    assert "Home" not in markdown and "Copyright" not in markdown


def test_html_keeps_structure():
    html = extract(PAGE).to_html()
    assert "<h2>Installing the tool</h2>" in html
    assert "<ul>\n<li>Python 3.10 or newer, with pip</li>" in html
    assert "<ol>\n<li>for the package itself</li>\n<li>for its cache</li>\n</ol>\n</ul>" in html
    assert "<pre><code>pip install tool\ntool --version</code></pre>" in html
    assert "<thead><tr><th>System</th><th>Status</th></tr></thead>" in html
    assert "<tr><td>macOS | ARM</td><td>supported</td></tr>" in html
    assert "<blockquote><p>It just works" in html
    assert "Copyright" not in html


def test_layout_tables_are_not_rendered_as_tables():
    cell = "<p>" + "A long paragraph of the article that sits in a layout table cell. " * 8 + "</p>"
    page = f"<html><body><table><tr><td>{cell}{cell}</td><td><a href='/'>Menu</a></td></tr></table></body></html>"
    markdown = extract(page).to_markdown()
    assert "|" not in markdown and markdown.startswith("A long paragraph")


def test_cli_formats(tmp_path, capsys):
    path = tmp_path / "page.html"
    path.write_text(PAGE, encoding="utf-8")
    assert main(["extract", str(path), "--format", "markdown"]) == 0
    assert "| System | Status |" in capsys.readouterr().out
    assert main(["extract", str(path), "--format", "html"]) == 0
    assert "<h2>Installing the tool</h2>" in capsys.readouterr().out
