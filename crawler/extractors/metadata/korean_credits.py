"""Korean credit lines: the writers before 기자 ("홍길동 기자", "김철수·이영희 기자"), credits labelled by part
("글 홍길동 기자 / 사진 김철수 기자", "글·사진 홍길동"), the editor (편집) and the agency's dateline
("(서울=연합뉴스) 홍길동 기자 = ..."). A photographer is not an author, and a role word is no name."""

from __future__ import annotations

import re

from crawler.extractors.metadata.candidates import META, OPENGRAPH, Candidates

# Korean: the name before 기자 or 특파원 ("홍길동 기자", "김철수·이영희 기자", "워싱턴=김철수 특파원") or a staff
# column's 논설위원 ("박정호 논설위원", the paper's editorial writer signing a column); inline elements
# may glue it to the time before ("승인 2024.03.05 10:30홍길동 기자"), and a rank to 기자 ("홍길동 객원기자").
HANGUL_NAME = r"[가-힣]{2,4}"
# A reporter's rank written glued to 기자 (guest, intern, trainee, senior, specialist, chief, a citizen-journalism
# site's and a university paper's writers): a rank, not a name.
KOREAN_RANKS = ("객원", "인턴", "수습", "선임", "전문", "수석", "견습", "시민", "학생")
# A citizen-journalism site's member handle in brackets after the name ("박소연(sypark) 시민기자"): no part of it.
MEMBER_HANDLE = r"(?:\([A-Za-z0-9_.-]{2,20}\))?"
# A date's label glued to 기자 by inline elements ("서지환 기자승인 2024년 …"): the credit ends there.
GLUED_DATE_LABELS = "승인|입력|등록|수정|작성|송고|기사입력|최종"
KOREAN_AUTHOR_RE = re.compile(
    rf"(?:^|[\s\]】)(=]|(?<=:\d\d))(?P<names>{HANGUL_NAME}(?:\s*[·,、]\s*{HANGUL_NAME})*){MEMBER_HANDLE}\s*"
    rf"(?:{'|'.join(KOREAN_RANKS)})?(?:기자|특파원|논설위원|논설실장)(?!(?!{GLUED_DATE_LABELS})[가-힣])")
# Korean credits labelled by part: "글·사진 홍길동" (text and pictures), "글=홍길동 기자"; a name after "사진" alone
# ("사진=김철수 기자") took the pictures, and a role word before 기자 ("사진기자 김철수") is no name.
KOREAN_TEXT_CREDIT_RE = re.compile(rf"^글(?:\s*[·/]\s*사진)?\s*[=:：]?\s*(?P<names>{HANGUL_NAME}(?:\s*[·,、]\s*"
                                   rf"{HANGUL_NAME})*)(?:\s*기자)?$")
KOREAN_PHOTO_LABEL_RE = re.compile(r"(?P<text>글\s*[·/,]\s*)?사진(?:기자)?\s*[=:：]?\s*$")
KOREAN_ROLE_WORDS = frozenset({"사진", "영상", "취재", "편집", "그래픽", "디자인", *KOREAN_RANKS})
# The editor: "편집 김민수", the name ending the credit or followed by a separator, 기자 or the next label: in a
# sentence 편집 is a word ("본지의 편집 방향과 다를 수 있습니다": an op-ed's disclaimer); a jamo "ㅣ" may stand
# for the bar ("편집ㅣ최은혜 기자", citizen-journalism sites).
KOREAN_EDITOR_RE = re.compile(rf"(?<![가-힣])편집\s*[：:ㅣ]?\s*(?P<names>{HANGUL_NAME})"
                              r"(?=\s*(?:$|[/|｜·,)\]】]|기자|[가-힣]{1,4}\s*[=:：]))")
# An agency's dateline at the head of a story: "(서울=연합뉴스) 홍길동 기자 = ...",
# "(세종=연합뉴스) 김철수 이영희 기자 =": a space parts names too (no room for other words there).
KOREAN_DATELINE_RE = re.compile(rf"^\s*[(\[【][^)\]】]{{2,20}}[)\]】]\s*"
                                rf"(?P<names>{HANGUL_NAME}(?:(?:\s*[·,、]\s*|\s+){HANGUL_NAME})*)\s*(?:기자|특파원)\s*=")

# A broadcaster's credit, each label before its name ("앵커 이수진 기자 정우성"): the reporter writes, the anchor who
# reads the lead does not (read as "이수진 기자" otherwise).
KOREAN_ANCHOR_CREDIT_RE = re.compile(rf"(?:^|\s)앵커\s*[:：]?\s*{HANGUL_NAME}\s*[/|·,]?\s*기자\s*[:：]?\s*"
                                     rf"(?P<names>{HANGUL_NAME}(?:\s*[·,、]\s*{HANGUL_NAME})*)(?![가-힣])")

# An interview's credit "대담=name title / 정리=name 기자": the interviewer (대담) is a writer beside the one who wrote
# it up (정리); read only where the write-up is credited too.
KOREAN_INTERVIEWER_RE = re.compile(rf"(?:^|[\s/|])대담\s*[=:：]\s*(?P<name>{HANGUL_NAME})(?![가-힣])")


# An op-ed's writer alone in a block under the headline: the name, the affiliation's words, the title ("김철수 서울대
# 경제학부 교수", "이영희 한빛연구원 선임연구위원"); the titles are those of outside writers of Korean columns.
KOREAN_TITLED_WRITER_RE = re.compile(rf"^(?P<name>{HANGUL_NAME})\s+(?:[가-힣A-Za-z·]{{2,12}}\s+){{0,3}}"
                                     r"(?:명예)?(?:교수|부교수|조교수|연구위원|선임연구위원|연구원|변호사|회계사|소장|"
                                     r"원장|대표|이사장|칼럼니스트|평론가|주필|작가|박사)$")


# How a Korean outlet's name ends (a paper, a daily, a broadcaster, an agency, an online outlet): a portal's relay names
# its provider in the author field ("매일신문", "한국경제 | 네이버"), and no Korean personal name ends so.
KOREAN_OUTLET_END_RE = re.compile(r"[가-힣]{2,}(?:신문|일보|뉴스|경제|방송|통신|미디어|타임스|저널|데일리|"
                                  r"닷컴|투데이)$")


def korean_outlet(name: str) -> bool:
    """Whether a Hangul name is an outlet's by its ending ("매일신문", "한결경제", "머니투데이방송")."""
    return KOREAN_OUTLET_END_RE.match(name.strip()) is not None


def outlet_and_portal(field: str) -> bool:
    """Whether an author field credits an outlet on a platform ("한국경제 | 네이버"): one of its barred parts is an
    outlet's name, so none of them is a person."""
    return "|" in field and any(map(korean_outlet, field.split("|")))


def portal_provider(found: Candidates, site_names: set[str]) -> tuple[str, str] | None:
    """The outlet a portal's relay names in its markup's author field ("매일신문", "한국경제 | 네이버"), as the story's
    origin, when the site is not that outlet (its own pages name it in their title or site name), with the source."""
    for names, source in found.get("authors"):
        for raw in names if source in (OPENGRAPH, META) else ():
            outlet = raw.split("|")[0].strip()
            if korean_outlet(outlet) and outlet.casefold() not in site_names:
                return outlet, source
    return None


def titled_writer(text: str) -> list[str]:
    """The writer of an op-ed's credit block ("김철수 서울대 경제학부 교수"), or none."""
    match = KOREAN_TITLED_WRITER_RE.match(text.strip())
    return [match.group("name")] if match else []


def korean_names(line: str) -> list[str]:
    """The writers of a Korean credit ("홍길동 기자", "글 홍길동 기자 / 사진 김철수 기자", "글·사진 홍길동"): not the
    names after a photo label, nor a role word before 기자."""
    dateline = KOREAN_DATELINE_RE.match(line) if line[:1] in "([【" else None
    if dateline:
        return list(dict.fromkeys(re.split(r"\s*[·,、]\s*|\s+", dateline.group("names"))))
    anchor = KOREAN_ANCHOR_CREDIT_RE.search(line) if "앵커" in line else None
    if anchor:
        return re.split(r"\s*[·,、]\s*", anchor.group("names"))
    text_credit = KOREAN_TEXT_CREDIT_RE.match(line)
    matches = [text_credit] if text_credit else [
        match for match in KOREAN_AUTHOR_RE.finditer(line)
        if not ((photo := KOREAN_PHOTO_LABEL_RE.search(line[:match.start("names")])) and not photo.group("text"))]
    names = [name for match in matches for name in re.split(r"\s*[·,、]\s*", match.group("names"))]
    interviewer = KOREAN_INTERVIEWER_RE.search(line) if names and "대담" in line and "정리" in line else None
    names = [interviewer.group("name"), *names] if interviewer else names
    return list(dict.fromkeys(name for name in names if name not in KOREAN_ROLE_WORDS))


__all__ = ["HANGUL_NAME", "KOREAN_AUTHOR_RE", "KOREAN_DATELINE_RE", "KOREAN_EDITOR_RE", "korean_names",
           "korean_outlet", "outlet_and_portal", "portal_provider", "titled_writer"]
