"""A news story page with a navigation bar, a related-links list, a sidebar, comments and a footer around its
article: every extractor keeps some of its blocks and drops others."""

_PARAGRAPH = ("The council voted on Tuesday to repair the old harbour bridge after engineers found cracks in "
              "two of its piers, a report published by the city said. ")
PAGE = f"""<html lang="en"><head><title>Bridge repairs approved - The Harbour Times</title></head><body>
<header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a>
<a href="/sport">Sport</a></nav></header>
<main><article class="story"><h1>Bridge repairs approved</h1><p class="byline">By Ann Smith</p>
<p>{_PARAGRAPH * 3}</p><p>{_PARAGRAPH * 2} <a href="/report">Read the report</a>.</p>
<ul class="related"><li><a href="/a">Ferry timetable changes</a></li><li><a href="/b">Market reopens</a></li>
<li><a href="/c">Library hours</a></li></ul>
<p>{_PARAGRAPH * 4}</p></article>
<aside class="sidebar"><h3>Most read</h3><p><a href="/x">Storm closes schools</a></p>
<p><a href="/y">Budget vote delayed</a></p></aside>
<section class="comments"><p>A reader wrote that the bridge had been closed before, in 1998.</p></section></main>
<footer><p>Copyright 2024 The Harbour Times</p><a href="/about">About</a></footer></body></html>"""
URL = "https://harbour.example/news/2024/03/bridge-repairs-approved.html"
