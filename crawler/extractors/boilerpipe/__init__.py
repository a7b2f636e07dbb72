"""boilerpipe (seed 000; Kohlschütter et al., WSDM 2010): shallow text features, filters and extractors."""
