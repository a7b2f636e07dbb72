"""The classes of the site's own pages (about, contact, legal, careers, login; search, tag and author
listings) and the words a site uses to name each one, in several languages: the data that
``crawler.pagejob.sitepages`` reads a page's URL, title and declared type against."""

from __future__ import annotations

from dataclasses import dataclass

SITE = "site"
LISTING = "listing"


@dataclass(frozen=True)
class SitePageClass:
    """A named class of non-article page and the words that name it. ``path_words``: the page's own last path
    segment; ``parent_words``: a path segment followed by the page's own name (``/tag/<name>``);
    ``titles``: whole title parts; ``title_prefixes``: starts of the title (listings' "Search results for");
    ``title_suffixes``: ends of a short first part ("harbour Archives"); ``title_contains``: WordPress's
    "Jane Doe, Author at Site"."""

    name: str
    kind: str
    path_words: frozenset[str] = frozenset()
    parent_words: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()
    title_prefixes: tuple[str, ...] = ()
    title_suffixes: tuple[str, ...] = ()
    title_contains: tuple[str, ...] = ()
    schema_types: frozenset[str] = frozenset()


def _words(text: str) -> frozenset[str]:
    return frozenset(word.strip() for word in text.split(";") if word.strip())


SITE_PAGE_CLASSES: tuple[SitePageClass, ...] = (
    SitePageClass(
        "about page", SITE,
        path_words=_words("about;about-us;aboutus;about-the-company;who-we-are;our-story;our-team;"
                          "ueber-uns;uber-uns;a-propos;qui-sommes-nous;quienes-somos;sobre-nosotros;chi-siamo;"
                          "sobre-nos;over-ons;guanyu;guanyuwomen;gywm;aboutme;about-me"),
        titles=_words("about;about us;about me;about the company;who we are;our story;our team;über uns;"
                      "wir über uns;à propos;qui sommes-nous;quiénes somos;sobre nosotros;chi siamo;sobre nós;"
                      "over ons;o nas;о нас;о компании;关于我们;关于本站;关于;公司简介;本站简介;關於我們;"
                      "会社概要;私たちについて;회사소개"),
        schema_types=frozenset({"aboutpage"})),
    SitePageClass(
        "contact page", SITE,
        path_words=_words("contact;contact-us;contactus;contacts;get-in-touch;kontakt;contactez-nous;contacto;"
                          "contatti;contato;contactenos;lianxi;lianxiwomen;lxwm"),
        titles=_words("contact;contact us;contacts;get in touch;kontakt;contactez-nous;nous contacter;contacto;"
                      "contáctenos;contatti;contato;fale conosco;contact opnemen;kontakty;контакты;联系我们;"
                      "联系方式;聯絡我們;聯繫我們;お問い合わせ;문의하기"),
        schema_types=frozenset({"contactpage"})),
    SitePageClass(
        "legal page", SITE,
        path_words=_words("privacy;privacy-policy;privacypolicy;privacy-notice;privacy-statement;terms;"
                          "terms-of-service;terms-of-use;terms-and-conditions;termsofservice;tos;legal;"
                          "legal-notice;cookie-policy;cookies-policy;imprint;impressum;datenschutz;"
                          "datenschutzerklaerung;agb;disclaimer;copyright;mentions-legales;"
                          "politique-de-confidentialite;aviso-legal;privacidad;politica-de-privacidad;"
                          "note-legali;yinsi;yinsizhengce;yszc;mianze;mianzeshengming;mzsm;falvshengming;flsm;banquan;bqsm"),
        titles=_words("privacy;privacy policy;privacy notice;privacy statement;cookie policy;terms;"
                      "terms of service;terms of use;terms and conditions;legal;legal notice;imprint;impressum;"
                      "datenschutz;datenschutzerklärung;nutzungsbedingungen;agb;mentions légales;"
                      "politique de confidentialité;conditions générales d'utilisation;aviso legal;"
                      "política de privacidad;términos y condiciones;informativa sulla privacy;note legali;"
                      "termini e condizioni;disclaimer;copyright;copyright notice;политика конфиденциальности;"
                      "пользовательское соглашение;隐私政策;隐私条款;隐私声明;隐私保护政策;免责声明;法律声明;"
                      "版权声明;用户协议;服务条款;使用条款;网站声明;隱私權政策;免責聲明;プライバシーポリシー;"
                      "利用規約;免責事項;개인정보처리방침;이용약관"),
        schema_types=frozenset()),
    SitePageClass(
        "careers page", SITE,
        path_words=_words("careers;career;jobs;join-us;joinus;work-with-us;karriere;stellenangebote;"
                          "carrieres;empleo;trabaja-con-nosotros;lavora-con-noi;zhaopin;rczp;recruit;recruitment"),
        titles=_words("careers;jobs;join us;work with us;join our team;karriere;stellenangebote;"
                      "carrières;empleo;trabaja con nosotros;lavora con noi;вакансии;招聘;加入我们;招贤纳士;"
                      "人才招聘;诚聘英才;採用情報;채용"),
        schema_types=frozenset()),
    SitePageClass(
        "login page", SITE,
        path_words=_words("login;log-in;signin;sign-in;signup;sign-up;register;registration;logon;my-account;"
                          "account;anmelden;connexion;denglu;zhuce"),
        titles=_words("log in;login;sign in;sign up;register;create an account;create account;my account;"
                      "anmelden;registrieren;connexion;se connecter;s'inscrire;iniciar sesión;registrarse;"
                      "accedi;registrati;войти;вход;регистрация;登录;注册;用户登录;会员登录;登入;ログイン;로그인"),
        schema_types=frozenset()),
    SitePageClass(
        "search results page", LISTING,
        path_words=_words("search;suche;recherche;buscar;busqueda;cerca;sousuo"),
        title_prefixes=("search results", "you searched for", "search for:", "suchergebnisse",
                        "résultats de recherche", "resultados de búsqueda", "risultati della ricerca",
                        "результаты поиска", "搜索结果", "搜尋結果", "検索結果", "검색 결과"),
        schema_types=frozenset({"searchresultspage"})),
    SitePageClass(
        "tag page", LISTING,
        # not "topic(s)": many sites file stories and documentation under /topics/<subject>/
        parent_words=_words("tag;tags;label;labels;schlagwort;etiqueta;etiquette;biaoqian"),
        title_prefixes=("tag:", "tagged", "posts tagged", "articles tagged", "stories tagged", "tag archives",
                        "schlagwort:", "étiquette :", "etiqueta:", "标签：", "标签:", "タグ:"),
        title_suffixes=(" archives",),
        schema_types=frozenset()),
    SitePageClass(
        "author page", LISTING,
        parent_words=_words("author;authors;writer;writers;columnist;columnists;autor;auteur;autore;zuozhe"),
        title_prefixes=("author:", "posts by", "articles by", "stories by", "all posts by", "autor:",
                        "auteur :", "作者：", "作者:"),
        title_contains=(", author at ",),
        schema_types=frozenset({"profilepage"})),
)


SITE_SCHEMA_TYPES = frozenset().union(*(page_class.schema_types for page_class in SITE_PAGE_CLASSES))
# Every word a class looks for in a URL path: a URL with none of them in its path and no search key in its query names
# no class (``_url_names_a_class``).
SITE_URL_WORDS = frozenset().union(*(page_class.path_words | page_class.parent_words
                                     for page_class in SITE_PAGE_CLASSES))
