"""The crawl process's garbage collector: start-up objects frozen, young objects collected less often."""

from __future__ import annotations

import gc

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler

from crawler.addon import NewsExtractionAddon
from crawler.gctuning import DEFAULT_GEN0_THRESHOLD, GcTuning


@pytest.fixture
def restored_gc():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_the_crawl_freezes_start_up_objects_and_raises_the_young_threshold_until_it_closes(restored_gc) -> None:
    gc.set_threshold(700, 10, 10)
    tuning = GcTuning.from_crawler(get_crawler(settings_dict={}))
    before = gc.get_freeze_count()
    tuning.spider_opened()
    assert gc.get_freeze_count() > before  # what exists once the crawl is set up is never scanned again
    assert gc.get_threshold() == (DEFAULT_GEN0_THRESHOLD, 10, 10)
    tuning.spider_closed()
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_the_threshold_is_a_setting_and_the_tuning_can_be_turned_off(restored_gc) -> None:
    gc.set_threshold(700, 10, 10)
    tuning = GcTuning.from_crawler(get_crawler(settings_dict={"GC_GEN0_THRESHOLD": 5000, "GC_FREEZE": False}))
    before = gc.get_freeze_count()
    tuning.spider_opened()
    assert gc.get_threshold() == (5000, 10, 10)
    assert gc.get_freeze_count() == before
    with pytest.raises(NotConfigured):
        GcTuning.from_crawler(get_crawler(settings_dict={"GC_TUNING_ENABLED": False}))
    with pytest.raises(ValueError, match="GC_GEN0_THRESHOLD"):
        GcTuning.from_crawler(get_crawler(settings_dict={"GC_GEN0_THRESHOLD": 0}))


def test_the_addon_enables_it() -> None:
    settings = Settings()
    NewsExtractionAddon().update_settings(settings)
    assert settings.getwithbase("EXTENSIONS")["crawler.gctuning.GcTuning"] == 0
