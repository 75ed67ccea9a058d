package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** A session that fails the card check is closed, not leaked. */
class OnnxEncoderTest {

    @Test
    void aSessionThatFailsTheCardCheckIsClosed() throws Exception {
        // all-MiniLM-L6-v2 outputs 384 components; this card says 8
        ModelCard card = ModelCardReader.read("classpath:cards/wrong-dimension.json");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        byte[] model;
        try (InputStream in = ModelFiles.open(card.onnx(), card.source())) {
            model = in.readAllBytes();
        }
        OrtSession session;
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            session = env.createSession(model, options);
        }
        assertThat(session.getInputNames()).contains("input_ids");
        assertThatThrownBy(() -> OnnxEncoder.open(card, env, session, "cpu"))
                .isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'dimension' is 8");
        // a closed OrtSession refuses every call
        assertThatThrownBy(session::getInputNames).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void loadReportsTheWrongDimension() {
        ModelCard card = ModelCardReader.read("classpath:cards/wrong-dimension.json");
        assertThatThrownBy(() -> OnnxEncoder.load(card, 1, "cpu"))
                .isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'dimension' is 8, the model output");
    }

    @Test
    void aCrossEncoderCardNeedsOneScorePerPair() {
        // all-MiniLM-L6-v2's only output is last_hidden_state [batch, seq, 384]: no score per pair
        ModelCard card = ModelCardReader.read("classpath:cards/cross-encoder-on-a-bi-encoder.json");
        assertThatThrownBy(() -> OnnxEncoder.load(card, 1, "cpu"))
                .isInstanceOf(ModelCardException.class)
                .hasMessageContaining("classpath:cards/cross-encoder-on-a-bi-encoder.json: field 'output' names 'last_hidden_state' of shape [-1, -1, 384]")
                .hasMessageContaining("a cross-encoder needs one score per pair");
    }
}
