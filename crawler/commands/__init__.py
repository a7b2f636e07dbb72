"""Scrapy commands of the project (``COMMANDS_MODULE``): ``crawl`` with exit codes a script can trust."""
