// AnimCodecs
