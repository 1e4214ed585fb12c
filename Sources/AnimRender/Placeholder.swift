// AnimRender
