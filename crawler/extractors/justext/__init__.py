"""jusText (seed 002; Pomikálek 2011) with its Chinese fix, over the shared document model."""
