package io.clirbench.encoders;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ONNX Runtime session of one model: runs a padded batch of token ids and turns the
 * output into final vectors (pooling, Matryoshka truncation, L2 normalisation).
 * {@link #encode} may be called from several threads (ORT sessions are thread-safe).
 */
public final class OnnxEncoder implements Inference {

    private final ModelCard card;
    private final OrtEnvironment env;
    private final OrtSession session;
    private final Set<String> inputs;
    private final String device;

    private OnnxEncoder(ModelCard card, OrtEnvironment env, OrtSession session, String device) {
        this.card = card;
        this.env = env;
        this.session = session;
        this.inputs = session.getInputNames();
        this.device = device;
    }

    /**
     * Loads the card's ONNX file.
     *
     * @param intraOpThreads ORT intra-op threads (0: ORT's default)
     * @param device {@code cpu}, {@code cuda}, {@code cuda:N} or {@code auto} (CUDA when the runtime has it)
     */
    public static OnnxEncoder load(ModelCard card, int intraOpThreads, String device) {
        return load(card, intraOpThreads, device, false);
    }

    /** As {@link #load(ModelCard, int, String)}; {@code spinning} lets idle intra-op threads busy-wait. */
    public static OnnxEncoder load(ModelCard card, int intraOpThreads, String device, boolean spinning) {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        // a file is opened by path so that ORT finds external weights (model.onnx_data) beside it
        java.nio.file.Path file = ModelFiles.file(card.onnx(), card.source());
        byte[] model = null;
        if (file == null) {
            try (InputStream in = ModelFiles.open(card.onnx(), card.source())) {
                model = in.readAllBytes();
            } catch (IOException e) {
                throw new ModelCardException(card.source() + ": field 'onnx' (" + card.onnx() + ") cannot be read: " + e.getMessage(), e);
            }
        } else if (!java.nio.file.Files.isRegularFile(file)) {
            throw new ModelCardException(card.source(), "onnx", "names " + file + ", which is not a file");
        }
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            if (intraOpThreads > 0) {
                options.setIntraOpNumThreads(intraOpThreads);
            }
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", spinning ? "1" : "0");
            String chosen = chooseDevice(device);
            if (chosen.startsWith("cuda")) {
                options.addCUDA(chosen.contains(":") ? Integer.parseInt(chosen.substring(5)) : 0);
            }
            OrtSession session = model != null ? env.createSession(model, options) : env.createSession(file.toString(), options);
            return open(card, env, session, chosen);
        } catch (OrtException e) {
            throw new ModelCardException(card.source() + ": field 'onnx' (" + card.onnx() + ") cannot be loaded by ONNX Runtime: " + e.getMessage(), e);
        }
    }

    /** Wraps a created session after checking it against the card; closes the session when the check fails. */
    static OnnxEncoder open(ModelCard card, OrtEnvironment env, OrtSession session, String device) throws OrtException {
        try {
            OnnxEncoder encoder = new OnnxEncoder(card, env, session, device);
            encoder.checkInputs();
            encoder.checkOutput();
            encoder.checkTokenOutputs();
            return encoder;
        } catch (OrtException | RuntimeException | Error e) {
            try {
                session.close();
            } catch (OrtException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    static String chooseDevice(String device) {
        boolean cuda = OrtEnvironment.getAvailableProviders().contains(OrtProvider.CUDA);
        return switch (device) {
            case "auto" -> cuda ? "cuda:0" : "cpu";
            case "cpu" -> "cpu";
            default -> {
                if (!device.startsWith("cuda")) {
                    throw new IllegalArgumentException("device '" + device + "' is not one of auto, cpu, cuda, cuda:N");
                }
                if (!cuda) {
                    throw new IllegalStateException("device '" + device + "' asked, but this ONNX Runtime has no CUDA provider (build with -Pgpu)");
                }
                yield device.equals("cuda") ? "cuda:0" : device;
            }
        };
    }

    /** The inputs this encoder feeds; {@code input_ids} and {@code attention_mask} must be among the graph's. */
    static final Set<String> FED_INPUTS = Set.of("input_ids", "attention_mask", "token_type_ids", "position_ids");

    /** Every input of the graph must be one this encoder feeds (an export "with past" has more), and the two it always feeds. */
    private void checkInputs() {
        for (String name : inputs) {
            if (!FED_INPUTS.contains(name)) {
                throw new ModelCardException(card.source() + ": field 'onnx' (" + card.onnx() + "): the graph has input '" + name
                        + "', which the embedder cannot feed (it feeds " + new java.util.TreeSet<>(FED_INPUTS)
                        + "); export the model without past key values or extra inputs", null);
            }
        }
        for (String name : List.of("input_ids", "attention_mask")) {
            if (!inputs.contains(name)) {
                throw new ModelCardException(card.source() + ": field 'onnx' (" + card.onnx() + "): the graph has no input '" + name
                        + "' (its inputs: " + new java.util.TreeSet<>(inputs) + ")", null);
            }
        }
    }

    private void checkOutput() throws OrtException {
        String name = outputName();
        if (!session.getOutputNames().contains(name)) {
            throw new ModelCardException(card.source(), "output", "names '" + name + "', the model has " + session.getOutputNames());
        }
        long[] shape = ((TensorInfo) session.getOutputInfo().get(name).getInfo()).getShape();
        long last = shape[shape.length - 1];
        if (card.crossEncoder()) {
            // one score per pair: [batch] or [batch, 1]
            if (shape.length > 2 || (shape.length == 2 && last > 0 && last != 1)) {
                throw new ModelCardException(card.source(), "output", "names '" + name + "' of shape " + java.util.Arrays.toString(shape)
                        + "; a cross-encoder needs one score per pair ([batch] or [batch, 1]; -1 = dynamic)");
            }
            return;
        }
        if (last > 0 && last != card.dimension()) {
            throw new ModelCardException(card.source(), "dimension", "is " + card.dimension() + ", the model output '" + name + "' has " + last);
        }
    }

    /** The card's sparse and multivector outputs must exist, per token ([batch, seq, ...]), of the declared width. */
    private void checkTokenOutputs() throws OrtException {
        if (card.sparse() != null) {
            long[] shape = tokenOutputShape("sparse", card.sparse().output());
            long last = shape[shape.length - 1];
            if (card.sparse().activation() == SparseOutput.Activation.RELU_MAX && shape.length == 3 && last > 0 && last != 1) {
                throw new ModelCardException(card.source(), "sparse.output", "names '" + card.sparse().output() + "' of shape "
                        + java.util.Arrays.toString(shape) + "; relu-max needs one value per token ([batch, seq] or [batch, seq, 1])");
            }
            if (card.sparse().activation() == SparseOutput.Activation.SPLADE && shape.length != 3) {
                throw new ModelCardException(card.source(), "sparse.output", "names '" + card.sparse().output() + "' of shape "
                        + java.util.Arrays.toString(shape) + "; splade needs the MLM logits [batch, seq, vocab]");
            }
        }
        if (card.multivector() != null) {
            long[] shape = tokenOutputShape("multivector", card.multivector().output());
            long last = shape[shape.length - 1];
            if (shape.length != 3 || (last > 0 && last != card.multivector().dimension())) {
                throw new ModelCardException(card.source(), "multivector.dimension", "is " + card.multivector().dimension()
                        + ", the model output '" + card.multivector().output() + "' has shape " + java.util.Arrays.toString(shape)
                        + " ([batch, seq, dimension] needed)");
            }
        }
    }

    private long[] tokenOutputShape(String field, String name) throws OrtException {
        if (!session.getOutputNames().contains(name)) {
            throw new ModelCardException(card.source(), field + ".output", "names '" + name + "', the model has " + session.getOutputNames());
        }
        long[] shape = ((TensorInfo) session.getOutputInfo().get(name).getInfo()).getShape();
        if (shape.length < 2) {
            throw new ModelCardException(card.source(), field + ".output", "names '" + name + "' of shape "
                    + java.util.Arrays.toString(shape) + ": one row per token ([batch, seq, ...]) is needed");
        }
        return shape;
    }

    private String outputName() throws OrtException {
        return card.output() != null ? card.output() : session.getOutputNames().iterator().next();
    }

    /** Runs one batch; returns final vectors in the order of {@code texts}. */
    public float[][] encode(List<TokenizedText> texts) {
        return encode(texts, OutputKind.DENSE);
    }

    /**
     * Runs one batch for one of the card's outputs, results in the order of {@code texts}: dense vectors, packed
     * {@link SparseWeights}, or token vectors row-major ({@link TokenOutputs}).
     */
    @Override
    public float[][] encode(List<TokenizedText> texts, OutputKind kind) {
        int batch = texts.size();
        int seq = texts.stream().mapToInt(TokenizedText::length).max().orElse(0);
        long[] ids = new long[batch * seq];
        long[] types = new long[batch * seq];
        long[] mask = new long[batch * seq];
        long[] positions = new long[batch * seq];
        boolean left = card.padding() == ModelCard.PaddingSide.LEFT;
        for (int b = 0; b < batch; b++) {
            TokenizedText t = texts.get(b);
            int offset = b * seq + (left ? seq - t.length() : 0);
            System.arraycopy(t.ids(), 0, ids, offset, t.length());
            System.arraycopy(t.typeIds(), 0, types, offset, t.length());
            for (int i = 0; i < t.length(); i++) {
                mask[offset + i] = 1;
                positions[offset + i] = i;
            }
        }
        long[] shape = {batch, seq};
        Map<String, OnnxTensor> feed = new HashMap<>();
        try {
            feed.put("input_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape));
            feed.put("attention_mask", OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape));
            if (inputs.contains("token_type_ids")) {
                feed.put("token_type_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(types), shape));
            }
            if (inputs.contains("position_ids")) {
                feed.put("position_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(positions), shape));
            }
            String name = switch (kind) {
                case DENSE -> outputName();
                case SPARSE -> TokenOutputs.declared(card.sparse(), card).output();
                case MULTIVECTOR -> TokenOutputs.declared(card.multivector(), card).output();
            };
            try (OrtSession.Result result = session.run(feed, Set.of(name))) {
                OnnxValue value = result.get(0);
                if (kind == OutputKind.SPARSE) {
                    return TokenOutputs.sparse(card.sparse(), (OnnxTensor) value, texts, mask, seq, left);
                }
                if (kind == OutputKind.MULTIVECTOR) {
                    return TokenOutputs.multivector(card.multivector(), (OnnxTensor) value, texts, mask, seq, left);
                }
                float[][] pooled = pool((OnnxTensor) value, mask, batch, seq);
                for (int b = 0; b < batch; b++) {
                    float[] v = Vectors.truncate(pooled[b], card.outputDimension());
                    pooled[b] = card.normalize() ? Vectors.l2Normalize(v) : v;
                }
                return pooled;
            }
        } catch (OrtException e) {
            throw new IllegalStateException(card.id() + ": inference failed: " + e.getMessage(), e);
        } finally {
            feed.values().forEach(OnnxTensor::close);
        }
    }

    private float[][] pool(OnnxTensor output, long[] mask, int batch, int seq) {
        long[] shape = output.getInfo().getShape();
        FloatBuffer data = output.getFloatBuffer();
        int dim = shape.length == 1 ? 1 : (int) shape[shape.length - 1];   // a cross-encoder's [batch] scores
        if (card.pooling() == Pooling.TENSOR) {
            return Pooling.rows(data, batch, dim);
        }
        return card.pooling().pool(data, mask, batch, seq, dim);
    }

    public String device() {
        return device;
    }

    public static String runtime() {
        return "onnxruntime " + OrtEnvironment.getEnvironment().getVersion();
    }

    @Override
    public void close() throws OrtException {
        session.close();
    }
}
