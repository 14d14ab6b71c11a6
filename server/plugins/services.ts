import fp from 'fastify-plugin';
import type { Config } from '../config';
import { resolveSessionSecret } from '../lib/secrets';
import { AccountService } from '../services/accounts/service';
import { AdminDashboardService } from '../services/admin/dashboard';
import { AdminLeadService } from '../services/admin/leads';
import { AnalyticsService } from '../services/analytics/service';
import { ApplicationService } from '../services/applications/service';
import { DocumentService } from '../services/documents/service';
import { AssistantService } from '../services/ai/assistant';
import { AivisaService } from '../services/ai/chats/aivisa';
import { SectionsService } from '../services/ai/chats/sections';
import { AgentService } from '../services/ai/chats/agent';
import type { AiEngine } from '../services/ai/engine';
import { createEngine } from '../services/ai/select';
import { GroupService } from '../services/groups/service';
import { ResumeService } from '../services/leads/resume';
import { LeadService } from '../services/leads/service';
import { Reconciler } from '../services/orders/reconcile';
import { GroupCheckout } from '../services/orders/groupCheckout';
import { OrderService } from '../services/orders/service';
import { createTestGateway, type PaymentGateway } from '../services/payments';
import { PhotoService } from '../services/photo/service';
import { createWriter } from '../services/premium/model';
import { PremiumService } from '../services/premium/service';
import { createRecognizer, type SpeechRecognizer } from '../services/speech/recognizer';
import { EspeakSynthesizer, OpenAiSynthesizer, type SpeechSynthesizer } from '../services/speech/synthesizer';
import { PhotoStore } from '../services/photo/store';
import { ResultsService } from '../services/results/service';
import { SiteService } from '../services/site/service';
import { GovernmentFeeService } from '../services/fees/service';

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadService;
    groups: GroupService;
    site: SiteService;
    governmentFees: GovernmentFeeService;
    orders: OrderService;
    groupCheckout: GroupCheckout;
    reconciler: Reconciler;
    accounts: AccountService;
    applications: ApplicationService;
    results: ResultsService;
    documents: DocumentService;
    photos: PhotoService;
    photoStore: PhotoStore;
    resumeCodes: ResumeService;
    ai: AiEngine;
    assistant: AssistantService;
    aivisa: AivisaService;
    sections: SectionsService;
    agent: AgentService;
    analytics: AnalyticsService;
    adminDashboard: AdminDashboardService;
    adminLeads: AdminLeadService;
    premium: PremiumService;
    speech: SpeechSynthesizer;
    recognizer: SpeechRecognizer;
  }
}

/** The services routes reach through decorators; each holds its rules, routes only translate HTTP. */
export default fp(
  async (app, opts: { config: Config; gateway?: ((embedded: PaymentGateway) => PaymentGateway) | undefined }) => {
    const site = new SiteService(app.db, app.notices);
    app.decorate('site', site);
    app.decorate('governmentFees', new GovernmentFeeService(app.db, app.notices));
    app.decorate('leads', new LeadService(app.db, app.dialect, site));
    app.decorate('groups', new GroupService(app.db, app.dialect));
    // The embedded test gateway is the only one so far; a real one implements the same PaymentGateway.
    const embedded = createTestGateway({ db: app.db });
    const gateway = opts.gateway ? opts.gateway(embedded) : embedded;
    app.decorate('reconciler', new Reconciler(app.db, app.dialect, gateway, opts.config.reconcile, app.log));
    app.decorate('orders', new OrderService(app.db, app.dialect, gateway, app.reconciler, app.log));
    app.decorate('groupCheckout', new GroupCheckout(app.db, app.dialect, app.orders));
    // Orders a crash left pending are settled before the server takes requests, then every minute.
    app.addHook('onReady', () => app.reconciler.start());
    app.addHook('onClose', async () => app.reconciler.stop());
    app.decorate('accounts', new AccountService(app.db, app.counters));
    app.decorate('applications', new ApplicationService(app.db));
    app.decorate('results', new ResultsService(app.db, site));
    app.decorate('documents', new DocumentService(app.db, app.orders, app.groupCheckout));
    app.decorate('photos', new PhotoService());
    app.decorate('photoStore', new PhotoStore(app.db));
    // OpenAI (or a compatible server) when a key is given; otherwise the built-in engine, offline and deterministic.
    app.decorate('ai', createEngine(opts.config.openai, app.log));
    app.decorate('assistant', new AssistantService(app.db, app.dialect, app.ai, app.leads));
    app.decorate('aivisa', new AivisaService(app.db, app.dialect, app.ai, app.leads));
    app.decorate('sections', new SectionsService(app.db, app.dialect, app.ai, app.leads));
    app.decorate('agent', new AgentService(app.db, app.dialect, app.ai, app.leads));
    app.decorate('analytics', new AnalyticsService(app.db));
    app.decorate('adminDashboard', new AdminDashboardService(app.db));
    app.decorate('adminLeads', new AdminLeadService(app.db));
    // The interview's reading and wording: a model when configured, always checked by the rule book's own reading.
    app.decorate('premium', new PremiumService(app.db, app.dialect, createWriter(opts.config.openai, app.log), app.counters));
    // eSpeak NG offline; OpenAI speech when a key is given, falling back to eSpeak for a question it cannot read.
    const espeak = new EspeakSynthesizer();
    const { apiKey, baseUrl } = opts.config.openai;
    app.decorate<SpeechSynthesizer>('speech', apiKey ? new OpenAiSynthesizer({ apiKey, baseUrl, ...opts.config.textToSpeech }, espeak, app.log) : espeak);
    app.decorate('recognizer', createRecognizer(opts.config.speechToText));
    // Resume codes are hashed under a key derived from the session secret: the same secret, kept or given.
    app.decorate('resumeCodes', new ResumeService(app.db, resolveSessionSecret(opts.config.dataDir, opts.config.sessionSecret), app.counters));
  },
  { name: 'services', dependencies: ['db', 'shared'] },
);
