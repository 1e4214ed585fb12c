// AnimCompositor
