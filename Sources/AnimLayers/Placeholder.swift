// AnimLayers
