"""The default extractor: a cascade of named steps, from containers and furniture to what lies inside an article."""
