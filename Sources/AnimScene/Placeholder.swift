// AnimScene
