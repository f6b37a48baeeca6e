// Placeholder so the layer target has a source until its first real file lands.
