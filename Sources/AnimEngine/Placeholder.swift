// AnimEngine
