import type { AudioDevice } from '../api/actors/voice';

/** The recorder's format: webm with Opus where the browser has it (Chromium, Firefox), else its default. */
function recordingType(): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'].find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * The browser's microphone, recorder and speaker for the voice interview, and the live level of the microphone
 * (Web Audio) for the level bar. One per page; `release` stops the microphone when the page closes.
 */
export function createAudioDevice(): AudioDevice & { level(): number; release(): void } {
  let stream: MediaStream | null = null;
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let recorder: MediaRecorder | null = null;
  let chunks: Blob[] = [];
  const samples = new Float32Array(1024);

  return {
    async requestMicrophone(signal) {
      if (stream) return;
      const given = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      // The controls stopped while the browser asked: the microphone is not kept on for nobody.
      if (signal.aborted) {
        for (const track of given.getTracks()) track.stop();
        return;
      }
      stream = given;
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      context.createMediaStreamSource(stream).connect(analyser);
    },
    async startRecording() {
      if (!stream) throw new Error('no microphone');
      chunks = [];
      const type = recordingType();
      recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
      recorder.ondataavailable = (event) => {
        if (event.data.size) chunks.push(event.data);
      };
      recorder.start();
    },
    stopRecording() {
      return new Promise<Blob>((resolve, reject) => {
        const active = recorder;
        if (!active || active.state === 'inactive') return reject(new Error('not recording'));
        active.onstop = () => resolve(new Blob(chunks, { type: active.mimeType || 'audio/webm' }));
        active.onerror = () => reject(new Error('the recorder failed'));
        active.stop();
      });
    },
    play(audio, signal) {
      return new Promise<void>((resolve, reject) => {
        const url = URL.createObjectURL(audio);
        const element = new Audio(url);
        const done = (error?: unknown) => {
          element.pause();
          URL.revokeObjectURL(url);
          if (error) reject(error);
          else resolve();
        };
        element.onended = () => done();
        element.onerror = () => done(new Error('the audio could not be played'));
        signal.addEventListener('abort', () => done(), { once: true });
        element.play().catch(done);
      });
    },
    /** The microphone's loudness now, 0 to 100 (spec 3-ai §9: the bar is capped at 100%). */
    level() {
      if (!analyser) return 0;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      return Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400));
    },
    release() {
      if (recorder?.state === 'recording') recorder.stop();
      for (const track of stream?.getTracks() ?? []) track.stop();
      void context?.close();
      stream = null;
      context = null;
      analyser = null;
    },
  };
}
