import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { formPdf, receiptPdf } from '../../openapi/routes/pdf';
import { fromContract } from '../lib/route';
import type { PdfFile } from '../services/documents/service';

function sendPdf(reply: FastifyReply, file: PdfFile): Buffer {
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store');
  return file.bytes;
}

const pdf: FastifyPluginAsyncTypebox = async (app) => {
  // Building a PDF costs far more than any other request; a page asks for two at most.
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.route({
    ...fromContract(receiptPdf),
    config: limited,
    handler: async (request, reply) => sendPdf(reply, await app.documents.receipt(request.access(), request.body.confirmationNumber)),
  });
  app.route({
    ...fromContract(formPdf),
    config: limited,
    handler: async (request, reply) => sendPdf(reply, await app.documents.form(request.access(), request.body.confirmationNumber)),
  });
};

export default pdf;
