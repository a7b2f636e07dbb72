"""Chinese news pages of ../shared/datasets/zh-news (read by eye; expectations written from reading them).

Skipped where the shared data sets are absent: the rest of the suite has its own fixtures, CI has both.
"""

import gzip
from pathlib import Path

import pytest

from crawler.extractors import available, extract_document, get_extractor, parse_html

ZH_NEWS = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "zh-news"
pytestmark = pytest.mark.skipif(not ZH_NEWS.is_dir(), reason="../shared/datasets/zh-news not present")

# page -> (a sentence from the middle of the article, navigation or footer text that must be dropped)
PAGES = {
    "163/1": ("不得不说，面对多地项目的“连环爆雷”，龙湖不仅面临着整改成本", ["网易公开课", "网易公司版权所有"]),
    "sina/1": ("如果你去中国旅行，你会发现每一座城市都至少有一座这么大的公", ["新浪公司 版权所有", "通行证注册"]),
    "thepaper/1": ("在共享充电宝企业瓜分市场的焦灼竞争中，商家掌握了极高的话语权", ["在澎湃工作", "沪公网安备"]),
    "ifeng/1": ("事发次日，小花家说小花眼睛里又出了纸，让去检查，小刚母亲便陪", ["凤凰新媒体版权所有", "投资者关系"]),
    "qq/qq": ("潘振声于是将这两个场景融合起来，创作了《一分钱》这首歌。", ["腾讯公司 版权所有", "About Tencent"]),
    "people/1": ("这首诗流传千古，它以思想性与哲理性取胜，强调直接经验、间接经", ["忘记密码", "热点排行"]),
    "toutiao/3": ("小温消失在一条小溪附近，失联区域的几条小溪汇成河流之后", ["侵权投诉", "头条产品"]),
    "guancha/2": ("中国半导体行业协会副理事长、清华大学微电子所所长魏少军表示", ["举报制度规范", "网站地图"]),
}
SEED_EXTRACTORS = [name for name in available() if name != "template"]


def load(page: str):
    return parse_html(gzip.decompress((ZH_NEWS / f"{page}.html.gz").read_bytes()))


@pytest.fixture(scope="module")
def documents():
    return {page: load(page) for page in PAGES}


@pytest.mark.parametrize("extractor", SEED_EXTRACTORS)
@pytest.mark.parametrize("page", list(PAGES))
def test_body_kept_navigation_and_footer_dropped(documents, page, extractor):
    sentence, boilerplate = PAGES[page]
    article = extract_document(documents[page], extractor)
    assert article.language == "zh"
    assert sentence in article.text.replace("\n", "")
    for text in boilerplate:
        assert text not in article.text


@pytest.mark.slow
@pytest.mark.parametrize("extractor", SEED_EXTRACTORS)
def test_no_extractor_returns_empty_text_on_a_chinese_article(extractor):
    for path in sorted(ZH_NEWS.glob("*/*.html.gz")):
        doc = parse_html(gzip.decompress(path.read_bytes()))
        article = extract_document(doc, extractor)
        assert article.text.strip(), f"{path.name}: {article.reason}"


def test_template_learned_on_two_pages_of_a_site_extracts_a_third():
    template = get_extractor("template").__class__()
    url = "https://money.163.com/19/0907/{}.html"
    for index, page in enumerate(["163/3", "163/4"]):
        doc = load(page)
        doc.url = url.format(f"EOB1B0K000259DLP{index}")
        template.learn(doc)
    doc = load("163/1")
    doc.url = url.format("EOB1B0K000259DLP9")
    article = template.extract(doc)
    assert "不得不说，面对多地项目的“连环爆雷”" in article.text.replace("\n", "")
    assert "网易公司版权所有" not in article.text
